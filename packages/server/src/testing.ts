import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { accountKey } from './account/account-key.ts';
import { buildApp } from './app.ts';
import type { AppOverrides } from './app.ts';
import type { CodeDelivery } from './account/code-delivery.ts';
import { loadConfig } from './config/config.ts';
import type { Config } from './config/config.ts';

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  /** `http://127.0.0.1:PORT` */
  url: string;
  host: string;
  /** The last verification code sent to an account key (`email:…` or `phone:+86 …`). */
  codes: Map<string, string>;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database on the server of DATABASE_URL, dropped on close. */
async function freshPostgres(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `im_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The real server on loopback and a fresh data folder, for integration tests, sdk tests and browser
 * journeys. On PostgreSQL when `database: 'postgres'` (DATABASE_URL must be set), else on SQLite.
 * Codes are recorded (instead of going to the development outbox) so tests can type them as a user would.
 */
export interface TestServerOptions {
  webDist?: string;
  env?: Record<string, string>;
  database?: 'sqlite' | 'postgres';
  /** The call area's clock and timers (src/call/calls.ts). */
  calls?: AppOverrides['calls'];
  /** The Web Push sender's TLS agent and timings (a test's own push endpoint). */
  webPush?: AppOverrides['webPush'];
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'im-test-'));
  const postgres = options.database === 'postgres' ? await freshPostgres(requiredDatabaseUrl()) : undefined;
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Hashing stays scrypt; tests use the lowest cost the config allows (2^14) to keep suites fast.
    SCRYPT_N: '16384',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    ...options.env,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const codes = new Map<string, string>();
  const codeDelivery: CodeDelivery = {
    async deliver(account, code) {
      codes.set(accountKey(account), code);
    },
  };
  const app = await buildApp(config, { codeDelivery, calls: options.calls, webPush: options.webPush });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const host = `127.0.0.1:${port}`;
  return {
    app,
    config,
    url: `http://${host}`,
    host,
    codes,
    async close() {
      await app.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server that a describe block starts in its beforeAll hook. The block's tests and helpers are
 * written before that hook runs, so they hold this stand-in, whose fields are the started server's.
 */
export function deferredTestServer(): {
  server: TestServer;
  start(options?: TestServerOptions): Promise<void>;
} {
  let started: TestServer | undefined;
  const current = (): TestServer => {
    if (!started) throw new Error('the test server is not started yet: use it in hooks and tests only');
    return started;
  };
  const server: TestServer = {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get url() {
      return current().url;
    },
    get host() {
      return current().host;
    },
    get codes() {
      return current().codes;
    },
    close: () => current().close(),
  };
  return {
    server,
    async start(options) {
      started = await startTestServer(options);
    },
  };
}

function requiredDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  return url;
}
