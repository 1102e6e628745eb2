import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine, resultsDir } from '../messaging/bench-options.ts';
import { seedUsers } from '../messaging/seed-users.ts';
import { startServerProcess } from '../messaging/server-process.ts';
import { round } from '../messaging/stats.ts';
import { commitOf } from '../support/bench-server.ts';
import { freePort, Inspector } from '../support/inspector.ts';
import type { HeapFigures } from '../support/inspector.ts';
import { heapDiff } from './heap-diff.ts';
import type { HeapRow } from './heap-diff.ts';

const clientScript = fileURLToPath(new URL('./idle-clients.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WARM_UP = 500;

interface Step {
  sockets: number;
  opened: number;
  failed: number;
  connectSeconds: number;
  /** Bytes per socket, after a full collection, of each figure of process.memoryUsage(). */
  perSocket: { rss: number; heapUsed: number; external: number };
  serverRssMiB: number;
}

/** Idle client processes for users [0, count), `perProcess` each, from 127.0.0.10, .11, … */
async function openIdle(usersFile: string, count: number, perProcess: number, port: number) {
  const children: ChildProcess[] = [];
  const reports: Promise<{ opened: number; failed: number }>[] = [];
  for (let start = 0, i = 0; start < count; start += perProcess, i += 1) {
    const end = Math.min(count, start + perProcess);
    const child = fork(clientScript, [
      usersFile,
      String(start),
      String(end),
      String(port),
      `127.0.0.${10 + i}`,
    ]);
    children.push(child);
    reports.push(
      new Promise((resolve, reject) => child.once('message', resolve as never).once('exit', reject)),
    );
  }
  const counts = await Promise.all(reports);
  const stop = () =>
    Promise.all(
      children.map((child) => new Promise((resolve) => (child.once('exit', resolve), child.disconnect()))),
    );
  return {
    stop,
    opened: counts.reduce((n, c) => n + c.opened, 0),
    failed: counts.reduce((n, c) => n + c.failed, 0),
  };
}

/** The soft limit of open files this process (and the server it starts) has. */
function openFileLimit(): number {
  const line = /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return Number(line?.[1] ?? 1024);
}

/** Starts a fresh server, warms the gateway up, then measures what `count` idle sockets add. */
async function measure(
  env: Record<string, string>,
  usersFile: string,
  count: number,
  perProcess: number,
  snapshotDir?: string,
) {
  const inspectPort = await freePort();
  const server = await startServerProcess(env, [`--inspect=127.0.0.1:${inspectPort}`]);
  const inspector = await Inspector.connect(inspectPort);
  try {
    // Code paths compiled and lazy modules loaded by a first round of sockets, then closed.
    const warm = await openIdle(usersFile, Math.min(WARM_UP, count), perProcess, server.port);
    await warm.stop();
    await sleep(1000);
    const before = await inspector.memory();
    if (snapshotDir) await inspector.heapSnapshot(join(snapshotDir, 'before.heapsnapshot'));
    const started = performance.now();
    const idle = await openIdle(usersFile, count, perProcess, server.port);
    const connectSeconds = round((performance.now() - started) / 1000, 2);
    await sleep(2000);
    const after = await inspector.memory();
    if (snapshotDir) await inspector.heapSnapshot(join(snapshotDir, 'after.heapsnapshot'));
    await idle.stop();
    const per = (key: keyof HeapFigures) => round((after[key] - before[key]) / idle.opened, 0);
    const step: Step = {
      sockets: count,
      opened: idle.opened,
      failed: idle.failed,
      connectSeconds,
      perSocket: { rss: per('rss'), heapUsed: per('heapUsed'), external: per('external') },
      serverRssMiB: round(after.rss / 2 ** 20, 0),
    };
    return step;
  } finally {
    inspector.close();
    await server.stop();
  }
}

/**
 * Memory per authenticated idle socket (issue 15, part 2): a fresh server per size, `--sockets`
 * idle gateway sockets opened by separate client processes of `--per-process` sockets each, from
 * 127.0.0.x source addresses; server memory after a full collection, before and after, divided by the
 * sockets. A `--profile N` run (default 2000, 0 for none) diffs two heap snapshots: what one socket holds.
 */
export async function main(args: string[]): Promise<void> {
  const value = (flag: string, fallback: string) => {
    const at = args.indexOf(flag);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  const sizes = value('--sockets', '10000,50000').split(',').map(Number);
  const perProcess = Number(value('--per-process', '10000'));
  const profile = Number(value('--profile', '2000'));
  // The server holds a descriptor per socket: sizes past the open-file limit are named, not measured.
  const limit = openFileLimit();
  const fits = (n: number) => n + 1000 <= limit;
  const largest = Math.max(...sizes.filter(fits), profile);
  const dataDir = mkdtempSync(join(tmpdir(), 'im-bench-memory-'));
  const secret = randomBytes(32).toString('hex');
  const env = { DATA_DIR: dataDir, JWT_SECRET: secret };
  try {
    console.log(`seeding ${largest} users…`);
    const usersFile = join(dataDir, 'users.json');
    writeFileSync(usersFile, JSON.stringify(await seedUsers(dataDir, secret, largest)));
    let heap: HeapRow[] = [];
    if (profile > 0) {
      await measure(env, usersFile, profile, perProcess, dataDir);
      heap = heapDiff(join(dataDir, 'before.heapsnapshot'), join(dataDir, 'after.heapsnapshot'), profile, 20);
      rmSync(join(dataDir, 'before.heapsnapshot'));
      rmSync(join(dataDir, 'after.heapsnapshot'));
    }
    const steps: Step[] = [];
    const skipped = sizes.filter((n) => !fits(n));
    for (const sockets of sizes.filter(fits)) {
      const step = await measure(env, usersFile, sockets, perProcess);
      steps.push(step);
      console.log(
        `${step.opened} sockets (${step.failed} failed) in ${step.connectSeconds} s: per socket RSS ${step.perSocket.rss} B, heap ${step.perSocket.heapUsed} B, external ${step.perSocket.external} B; server RSS ${step.serverRssMiB} MiB`,
      );
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
  skipped: number[];
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
    'Aim: ≤ 8 KiB per socket.',
    '',
    '| sockets | opened | failed | connect s | RSS KiB/socket | heap KiB/socket | external KiB/socket | server RSS MiB |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...result.steps.map(
      (s) =>
        `| ${s.sockets} | ${s.opened} | ${s.failed} | ${s.connectSeconds} | ${kib(s.perSocket.rss)} | ${kib(s.perSocket.heapUsed)} | ${kib(s.perSocket.external)} | ${s.serverRssMiB} |`,
    ),
    ...result.skipped.map(
      (n) =>
        `| ${n} | not measured: the open-file limit is ${result.limit} (\`ulimit -n\`, bench/README.md) | | | | | | |`,
    ),
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
