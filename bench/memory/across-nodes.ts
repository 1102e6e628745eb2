import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { clusterNodes } from '../cluster/topology.ts';
import { Inspector } from '../support/inspector.ts';
import { residentBytes } from '../support/process-cpu.ts';
import { measureSockets } from './measure-sockets.ts';
import type { Step } from './measure-sockets.ts';

/** The port of the DevTools session a node opened with `--inspect=127.0.0.1:0`, from its log. */
export function inspectPortIn(log: string): number | undefined {
  const match = /Debugger listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(log);
  return match ? Number(match[1]) : undefined;
}

/** Bounded: the port is in the log before the node answers HTTP, which cluster.sh waited for. */
async function inspectPortOf(logFile: string): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = inspectPortIn(readFileSync(logFile, 'utf8'));
    if (port !== undefined) return port;
    await sleep(100);
  }
  throw new Error(`no DevTools port in ${logFile}`);
}

/**
 * `count` idle sockets over `nodes` nodes of one cluster on PostgreSQL + Redis (scripts/cluster.sh),
 * for sizes past one process's open files (node-plan.ts): the same measure as one node's, its
 * figures added up over the nodes. Redis's growth is reported beside them.
 */
export async function measureAcrossNodes(
  count: number,
  nodes: number,
  perProcess: number,
  usersDir: string,
): Promise<Step> {
  console.log(`starting ${nodes} nodes on PostgreSQL + Redis and seeding ${count} users…`);
  const topology = await clusterNodes(nodes, true, count, '--inspect=127.0.0.1:0');
  const inspectors: Inspector[] = [];
  try {
    const usersFile = join(usersDir, `users-${count}.json`);
    writeFileSync(usersFile, JSON.stringify(topology.users));
    for (const log of topology.nodeLogs) inspectors.push(await Inspector.connect(await inspectPortOf(log)));
    const redisPid = topology.redisPid;
    const step = await measureSockets(
      {
        ports: topology.nodePorts,
        inspectors,
        ...(redisPid === null ? {} : { redisRss: () => residentBytes(redisPid) }),
      },
      usersFile,
      count,
      perProcess,
    );
    return { ...step, store: 'PostgreSQL + Redis' };
  } finally {
    inspectors.forEach((inspector) => inspector.close());
    await topology.stop();
  }
}
