import { timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../storage/database.ts';
import type { Metrics } from './metrics.ts';

/** The longest a readiness probe waits for the database or Redis. */
const PROBE_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface OpsDeps {
  config: Config;
  db: Database;
  redis?: Redis;
  metrics: Metrics;
  /** True once SIGTERM started the shutdown: readiness fails so the balancer stops sending here. */
  closing: () => boolean;
}

function sameToken(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(`Bearer ${expected}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `/healthz` (the process answers), `/readyz` (the database and Redis answer; 503 otherwise) and
 * `/metrics` (docs/operations.md#health-and-metrics). /metrics needs `Authorization: Bearer
 * METRICS_TOKEN`, or is served without a token on METRICS_PORT only; with neither it is not served.
 */
export async function registerOpsRoutes(app: FastifyInstance, deps: OpsDeps): Promise<void> {
  const { config, db, redis, metrics } = deps;
  app.get('/healthz', async () => ({ status: 'ok', node: config.NODE_ID }));
  app.get('/readyz', async (_request, reply) => {
    const checks: Record<string, string> = {};
    try {
      await within(sql`select 1`.execute(db), PROBE_TIMEOUT_MS);
      checks.database = 'ok';
    } catch (error) {
      checks.database = (error as Error).message;
    }
    if (redis) {
      try {
        await within(redis.ping(), PROBE_TIMEOUT_MS);
        checks.redis = 'ok';
      } catch (error) {
        checks.redis = (error as Error).message;
      }
    }
    if (deps.closing()) checks.node = 'shutting down';
    const ready = Object.values(checks).every((value) => value === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', node: config.NODE_ID, checks });
  });
  if (config.METRICS_TOKEN) {
    const token = config.METRICS_TOKEN;
    app.get('/metrics', async (request, reply) => {
      if (!sameToken(request.headers.authorization, token))
        return reply.code(401).header('WWW-Authenticate', 'Bearer').send('unauthorized\n');
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }
}

/** /metrics on its own port (METRICS_PORT, on METRICS_HOST), closed with the app. */
export async function startMetricsServer(
  app: FastifyInstance,
  config: Config,
  metrics: Metrics,
): Promise<void> {
  if (config.METRICS_PORT === undefined) return;
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
  await server.listen({ port: config.METRICS_PORT, host: config.METRICS_HOST });
  app.decorate('metricsServer', server);
  app.addHook('onClose', async () => {
    await server.close();
  });
}
