import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/cluster.sh', import.meta.url));

/** The code that registers accounts in the cluster's nodes (docs/operations.md#secrets-and-codes). */
export const SUPER_CODE = '666666';

/**
 * What the nodes of a fault test run with: the super code for registrations, cheap password hashes
 * (registering a few hundred users must not time scrypt) and no per-address account limits (every
 * test user comes from 127.0.0.1).
 */
const NODE_ENV: Record<string, string> = {
  SUPER_CODE,
  ALLOW_SUPER_CODE: '1',
  SCRYPT_N: '16384',
  ACCOUNT_LIMIT_PER_IP: '1000000',
  LOG_LEVEL: 'warn',
};

export interface Cluster {
  /** HAProxy's address: what clients use. */
  url: string;
  host: string;
  /** Node i's own address (1-based), to place a client on a chosen node. */
  nodeHost: (i: number) => string;
  databaseUrl: string;
  redisUrl: string;
  /** scripts/cluster.sh with this cluster's settings, e.g. `run('node', '1', 'kill')`. */
  run: (...args: string[]) => Promise<string>;
  /** Node i's process id, or null when it does not run. */
  pid: (i: number) => number | null;
  /** One redis-cli command against the cluster's Redis; its output, trimmed. */
  redis: (...args: string[]) => Promise<string>;
  /** Stops everything; with `keepLogs`, first copies the processes' logs to a folder it names. */
  stop: (keepLogs?: boolean) => Promise<void>;
}

/**
 * N nodes + HAProxy + PostgreSQL + Redis through scripts/cluster.sh, in a temp folder and on a port
 * range of its own (never the shared 55432/56379), so that the processes are the real ones an operator
 * starts. `stop` ends every one of them and removes the folder.
 */
export async function startCluster(nodes: number, env: Record<string, string> = {}): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'im-cluster-test-'));
  // A range of 100 ports of its own, below the kernel's ephemeral ports (32768 on): HAProxy at base,
  // node i at base+i, PostgreSQL +50, Redis +51.
  const base = 20_000 + Math.floor(Math.random() * 120) * 100;
  const childEnv = {
    ...process.env,
    ...NODE_ENV,
    ...env,
    CLUSTER_DIR: dir,
    CLUSTER_PORT: String(base),
    // The shared services of the other suites are never the cluster's.
    DATABASE_URL: '',
    REDIS_URL: '',
  };
  const run = (...args: string[]) =>
    new Promise<string>((resolve, reject) => {
      execFile('bash', [script, ...args], { env: childEnv, timeout: 120_000 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`cluster.sh ${args.join(' ')}: ${error.message}\n${stderr}`));
        else resolve(stdout);
      });
    });
  const stop = async (keepLogs = false) => {
    await run('stop').catch((error: unknown) => console.error(error));
    if (keepLogs) {
      const kept = mkdtempSync(join(tmpdir(), 'im-cluster-logs-'));
      cpSync(dir, kept, {
        recursive: true,
        filter: (path) => !path.includes('/pg/') && !path.includes('/data'),
      });
      console.log(`a test failed: the cluster's logs are in ${kept}`);
    }
    process.off('exit', stopNow);
    rmSync(dir, { recursive: true, force: true });
  };
  // Should the test runner end this process before afterAll, the cluster still goes with it.
  const stopNow = () => {
    try {
      execFileSync('bash', [script, 'stop'], { env: childEnv, timeout: 60_000, stdio: 'ignore' });
    } catch {
      // already stopped
    }
  };
  process.once('exit', stopNow);
  try {
    await run('start', String(nodes));
  } catch (error) {
    await stop();
    throw error;
  }
  const pid = (i: number) => {
    try {
      const value = Number(readFileSync(join(dir, `node${i}.pid`), 'utf8'));
      process.kill(value, 0);
      return value;
    } catch {
      return null;
    }
  };
  const redis = (...args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile('redis-cli', ['-p', String(base + 51), ...args], { timeout: 10_000 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout.trim()),
      ),
    );
  return {
    url: `http://127.0.0.1:${base}`,
    host: `127.0.0.1:${base}`,
    nodeHost: (i) => `127.0.0.1:${base + i}`,
    databaseUrl: `postgres://postgres@127.0.0.1:${base + 50}/postgres`,
    redisUrl: `redis://127.0.0.1:${base + 51}`,
    run,
    pid,
    redis,
    stop,
  };
}

/** A cluster for the enclosing describe block, stopped after it (whatever its tests did). */
export function useCluster(nodes: number, env: Record<string, string> = {}): { get: () => Cluster } {
  let cluster: Cluster | null = null;
  let failed = false;
  beforeAll(async () => {
    cluster = await startCluster(nodes, env);
  }, 180_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') failed = true;
  });
  afterAll(async () => {
    await cluster?.stop(failed);
  }, 60_000);
  return {
    get: () => {
      if (!cluster) throw new Error('the cluster did not start');
      return cluster;
    },
  };
}
