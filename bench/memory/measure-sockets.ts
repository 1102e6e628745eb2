import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { round } from '../messaging/stats.ts';
import type { HeapFigures, Inspector } from '../support/inspector.ts';
import { openIdle, WARM_UP } from './idle-processes.ts';

/** One row of the memory bench: `sockets` idle sockets over `nodes` server processes. */
export interface Step {
  sockets: number;
  nodes: number;
  /** The nodes' store: the embedded SQLite of one node, or the cluster's PostgreSQL + Redis. */
  store: string;
  opened: number;
  failed: number;
  connectSeconds: number;
  /** Bytes per socket, after a full collection, of each figure of process.memoryUsage(), over all nodes. */
  perSocket: { rss: number; heapUsed: number; external: number };
  /** The nodes' RSS together once the sockets are open. */
  serverRssMiB: number;
  /** What Redis's RSS grew by, per socket (the cluster's presence), when there is a Redis. */
  redisRssPerSocket?: number;
}

/** Where the sockets go: each node's port and its DevTools session, and Redis's RSS when there is one. */
export interface Nodes {
  ports: number[];
  inspectors: Inspector[];
  redisRss?: () => number;
}

/** Every figure of process.memoryUsage() added up over the nodes, each after a full collection. */
async function memoryOf(inspectors: Inspector[]): Promise<HeapFigures> {
  const each = await Promise.all(inspectors.map((inspector) => inspector.memory()));
  const keys = Object.keys(each[0]) as (keyof HeapFigures)[];
  return Object.fromEntries(keys.map((key) => [key, each.reduce((sum, m) => sum + m[key], 0)])) as never;
}

/**
 * Warms the nodes up with a first round of sockets, then measures what `count` idle sockets add to
 * them (user i on the (i mod n)th node); with `snapshotDir`, one node's heap before and after.
 */
export async function measureSockets(
  nodes: Nodes,
  usersFile: string,
  count: number,
  perProcess: number,
  snapshotDir?: string,
): Promise<Omit<Step, 'store'>> {
  const warm = await openIdle(
    usersFile,
    Math.min(WARM_UP * nodes.ports.length, count),
    perProcess,
    nodes.ports,
  );
  await warm.stop();
  await sleep(1000);
  const before = await memoryOf(nodes.inspectors);
  const redisBefore = nodes.redisRss?.();
  if (snapshotDir) await nodes.inspectors[0].heapSnapshot(join(snapshotDir, 'before.heapsnapshot'));
  const started = performance.now();
  const idle = await openIdle(usersFile, count, perProcess, nodes.ports);
  const connectSeconds = round((performance.now() - started) / 1000, 2);
  await sleep(2000);
  const after = await memoryOf(nodes.inspectors);
  const redisAfter = nodes.redisRss?.();
  if (snapshotDir) await nodes.inspectors[0].heapSnapshot(join(snapshotDir, 'after.heapsnapshot'));
  await idle.stop();
  const per = (key: keyof HeapFigures) => round((after[key] - before[key]) / idle.opened, 0);
  return {
    sockets: count,
    nodes: nodes.ports.length,
    opened: idle.opened,
    failed: idle.failed,
    connectSeconds,
    perSocket: { rss: per('rss'), heapUsed: per('heapUsed'), external: per('external') },
    serverRssMiB: round(after.rss / 2 ** 20, 0),
    ...(redisBefore !== undefined && redisAfter !== undefined
      ? { redisRssPerSocket: round((redisAfter - redisBefore) / idle.opened, 0) }
      : {}),
  };
}
