import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer } from '../../src/testing.ts';
import type { TestServer, TestServerOptions } from '../../src/testing.ts';
import { GatewayClient } from './gateway.ts';
import type { Session } from './gateway.ts';
import { REGISTERING_ENV } from './http.ts';

/** Scale-out tests need the shared PostgreSQL and Redis that CI starts (.ci/run). */
export const scaleServices = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

/** A Redis key prefix of its own, so that parallel suites on the shared Redis never meet. */
export function uniquePrefix(): string {
  return `test-${randomBytes(6).toString('hex')}:`;
}

export interface Nodes {
  /** The nodes, in start order; fields are there once the block's beforeAll ran. */
  nodes: TestServer[];
  /** This block's REDIS_PREFIX. */
  prefix: string;
  /** A gateway socket of the user on node `index`, closed with the nodes. */
  connect(index: number, user: Session, options?: { platformID?: number }): Promise<GatewayClient>;
  /** Starts one more node on the same database and Redis prefix (closed with the others). */
  startNode(env?: Record<string, string>): Promise<TestServer>;
}

/**
 * `count` real servers (two buildApp instances in one process, each on its own port) on one fresh
 * PostgreSQL database and the shared Redis under a prefix of the block's own: the first node creates
 * the database and drops it when it closes, so the nodes close in reverse order.
 */
export function useNodes(count: number, options: Pick<TestServerOptions, 'env' | 'calls'> = {}): Nodes {
  const prefix = uniquePrefix();
  // Every node signs and checks tokens with one secret (docs/operations.md#scale-out-redis).
  const secret = randomBytes(32).toString('hex');
  const nodes: TestServer[] = [];
  const open: GatewayClient[] = [];
  let serial = 0;
  const envOf = (extra: Record<string, string> = {}) => {
    serial += 1;
    return {
      ...REGISTERING_ENV,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: prefix,
      NODE_ID: `node-${serial}`,
      JWT_SECRET: secret,
      ...options.env,
      ...extra,
    };
  };
  const startNode = async (env: Record<string, string> = {}) => {
    const node = await startTestServer({
      env: { ...envOf(env), DATABASE_URL: nodes[0].config.DATABASE_URL! },
      calls: options.calls,
    });
    nodes.push(node);
    return node;
  };
  beforeAll(async () => {
    nodes.push(await startTestServer({ database: 'postgres', env: envOf(), calls: options.calls }));
    for (let i = 1; i < count; i += 1) await startNode();
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    for (const node of [...nodes].reverse()) await node.close().catch(() => undefined);
  });
  const connect = async (index: number, user: Session, opts: { platformID?: number } = {}) => {
    const client = await GatewayClient.open(nodes[index], user, opts.platformID);
    open.push(client);
    return client;
  };
  return { nodes, prefix, connect, startNode };
}
