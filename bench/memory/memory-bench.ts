import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeMachine, resultsDir } from '../messaging/bench-options.ts';
import { seedUsers } from '../messaging/seed-users.ts';
import { startServerProcess } from '../messaging/server-process.ts';
import { round } from '../messaging/stats.ts';
import { commitOf } from '../support/bench-server.ts';
import { freePort, Inspector } from '../support/inspector.ts';
import { measureAcrossNodes } from './across-nodes.ts';
import { heapDiff } from './heap-diff.ts';
import type { HeapRow } from './heap-diff.ts';
import { measureSockets } from './measure-sockets.ts';
import type { Step } from './measure-sockets.ts';
import { nodesFor } from './node-plan.ts';

/** The soft limit of open files this process (and the server it starts) has. */
function openFileLimit(): number {
  const line = /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return Number(line?.[1] ?? 1024);
}

/** Starts a fresh server on its embedded SQLite, then measures what `count` idle sockets add to it. */
async function measureOneNode(
  env: Record<string, string>,
  usersFile: string,
  count: number,
  perProcess: number,
  snapshotDir?: string,
): Promise<Step> {
  const inspectPort = await freePort();
  const server = await startServerProcess(env, [`--inspect=127.0.0.1:${inspectPort}`]);
  const inspector = await Inspector.connect(inspectPort);
  try {
    const nodes = { ports: [server.port], inspectors: [inspector] };
    return { ...(await measureSockets(nodes, usersFile, count, perProcess, snapshotDir)), store: 'SQLite' };
  } finally {
    inspector.close();
    await server.stop();
  }
}

/**
 * Memory per authenticated idle socket (issue 15, part 2): a fresh server per size, `--sockets`
 * idle gateway sockets opened by separate client processes of `--per-process` sockets each, from
 * 127.0.0.x source addresses; server memory after a full collection, before and after, divided by the
 * sockets. A size past one process's open files is measured over the fewest nodes of a cluster on
 * PostgreSQL + Redis that hold it (node-plan.ts), or named as not measured when the cluster cannot
 * start. A `--profile N` run (default 2000, 0 for none) diffs two heap snapshots: what one socket holds.
 */
export async function main(args: string[]): Promise<void> {
  const value = (flag: string, fallback: string) => {
    const at = args.indexOf(flag);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  const sizes = value('--sockets', '10000,50000').split(',').map(Number);
  const perProcess = Number(value('--per-process', '10000'));
  const profile = Number(value('--profile', '2000'));
  const limit = openFileLimit();
  const nodesOf = (n: number) => nodesFor(n, limit);
  const largest = Math.max(...sizes.filter((n) => nodesOf(n) === 1), profile);
  const dataDir = mkdtempSync(join(tmpdir(), 'im-bench-memory-'));
  const secret = randomBytes(32).toString('hex');
  const env = { DATA_DIR: dataDir, JWT_SECRET: secret };
  try {
    const usersFile = join(dataDir, 'users.json');
    if (largest > 0) console.log(`seeding ${largest} users…`);
    writeFileSync(usersFile, JSON.stringify(largest > 0 ? await seedUsers(dataDir, secret, largest) : []));
    let heap: HeapRow[] = [];
    if (profile > 0) {
      await measureOneNode(env, usersFile, profile, perProcess, dataDir);
      heap = heapDiff(join(dataDir, 'before.heapsnapshot'), join(dataDir, 'after.heapsnapshot'), profile, 20);
      rmSync(join(dataDir, 'before.heapsnapshot'));
      rmSync(join(dataDir, 'after.heapsnapshot'));
    }
    const steps: Step[] = [];
    const skipped: { sockets: number; why: string }[] = [];
    for (const sockets of sizes) {
      const nodes = nodesOf(sockets);
      try {
        const step =
          nodes === 1
            ? await measureOneNode(env, usersFile, sockets, perProcess)
            : await measureAcrossNodes(sockets, nodes, perProcess, dataDir);
        steps.push(step);
        console.log(
          `${step.opened} sockets (${step.failed} failed) on ${step.nodes} node(s) in ${step.connectSeconds} s: per socket RSS ${step.perSocket.rss} B, heap ${step.perSocket.heapUsed} B, external ${step.perSocket.external} B; server RSS ${step.serverRssMiB} MiB`,
        );
      } catch (error) {
        // Only a cluster can fail to start here (no PostgreSQL or Redis installed): the row says so.
        if (nodes === 1) throw error;
        const why = `no cluster of ${nodes} nodes on PostgreSQL + Redis here (${String(error).split('\n')[0]})`;
        console.warn(`${sockets} sockets: ${why}`);
        skipped.push({ sockets, why });
      }
    }
    writeResults({ perProcess, profile, steps, heap, skipped, limit });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeResults(result: {
  perProcess: number;
  profile: number;
  steps: Step[];
  heap: HeapRow[];
  skipped: { sockets: number; why: string }[];
  limit: number;
}) {
  const machine = describeMachine();
  const commit = commitOf();
  const measuredAt = new Date().toISOString();
  writeFileSync(
    join(resultsDir(), `memory-${measuredAt.replace(/[:.]/g, '-')}.json`),
    `${JSON.stringify({ machine, commit, measuredAt, ...result }, null, 2)}\n`,
  );
  const kib = (bytes: number) => round(bytes / 1024, 2);
  const markdown = [
    `# Memory per socket (${measuredAt}, commit ${commit})`,
    '',
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memGiB} GiB, Node ${machine.node}.`,
    `Authenticated idle gateway sockets from client processes of ${result.perProcess} sockets each (127.0.0.10, .11, …),`,
    'a heartbeat each 25 s; a fresh server per row, memory after a full collection, minus the same after a warm-up.',
    `A process here may hold ${result.limit} open files (\`ulimit -n\`): a size past that is measured over the fewest`,
    'nodes of one cluster on PostgreSQL + Redis that hold it, user i on node i mod n, its figures added up over',
    'the nodes (docs/decisions.md "Memory at 50,000 sockets"). Aim: ≤ 8 KiB per socket.',
    '',
    "| sockets | nodes (store) | opened | failed | connect s | RSS KiB/socket | heap KiB/socket | external KiB/socket | servers' RSS MiB | Redis RSS KiB/socket |",
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...result.steps.map(
      (s) =>
        `| ${s.sockets} | ${s.nodes} (${s.store}) | ${s.opened} | ${s.failed} | ${s.connectSeconds} | ${kib(s.perSocket.rss)} | ${kib(s.perSocket.heapUsed)} | ${kib(s.perSocket.external)} | ${s.serverRssMiB} | ${s.redisRssPerSocket === undefined ? '–' : kib(s.redisRssPerSocket)} |`,
    ),
    ...result.skipped.map((s) => `| ${s.sockets} | not measured: ${s.why} | | | | | | | | |`),
    '',
    ...(result.heap.length > 0
      ? [
          `What one socket holds on the heap (snapshots before and after ${result.profile} sockets, largest first):`,
          '',
          '| object | per socket | bytes per socket |',
          '| --- | --- | --- |',
          ...result.heap.map(
            (r) => `| ${r.what.replace(/\|/g, '\\|')} | ${round(r.count, 2)} | ${round(r.bytes, 0)} |`,
          ),
          '',
        ]
      : []),
  ].join('\n');
  writeFileSync(join(resultsDir(), 'memory-latest.md'), markdown);
  console.log(`\n${markdown}`);
}
