import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commitOf } from '../support/bench-server.ts';
import { profileLines, summarizeCpuProfile } from '../support/cpu-profile.ts';
import type { ProfileRow } from '../support/cpu-profile.ts';
import {
  nativeProfileLines,
  perfAvailable,
  recordNative,
  summarizeNative,
} from '../support/native-profile.ts';
import type { NativeProfile } from '../support/native-profile.ts';
import { histogramBuckets, histogramTotal, quantileBetween } from '../support/prom-histogram.ts';
import { seedUsers } from './seed-users.ts';
import { startServerProcess } from './server-process.ts';
import type { ServerProcess } from './server-process.ts';
import { describeMachine, parseLoadOptions, resultsDir } from './bench-options.ts';
import type { LoadOptions } from './bench-options.ts';
import type { StepReport } from './load-clients.ts';
import { percentile, percentileBySecond, round } from './stats.ts';
import { stepCpu } from './step-cpu.ts';
import { ask, readyMessage, stopChildren } from '../support/child-processes.ts';

/** The server's histogram of a send's store time (ops/metrics.ts). */
const STORE_HISTOGRAM = 'im_message_store_seconds';
/** prom-client's histogram of the event loop's thread's garbage collections, by `kind`. */
const GC_HISTOGRAM = 'nodejs_gc_duration_seconds';

/** What one scrape of the server's /metrics gives a step: the store times, the collections so far. */
function readScrape(text: string) {
  return {
    store: histogramBuckets(text, STORE_HISTOGRAM),
    young: histogramTotal(text, GC_HISTOGRAM, 'kind', 'minor'),
    full: histogramTotal(text, GC_HISTOGRAM, 'kind', 'major'),
  };
}

const clientScript = fileURLToPath(new URL('./load-clients.ts', import.meta.url));

interface StepResult {
  targetRate: number;
  sentPerSec: number;
  receivedPerSec: number;
  failedSends: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** A send's wait for its answer (stored, seq given, committed): the server's part of the latency. */
  answerP50Ms: number;
  answerP99Ms: number;
  /**
   * From a send's store call to its commit, in the server (`im_message_store_seconds`, ops/metrics.ts;
   * linear within its buckets): the store's part of the answer's wait, the rest being the gateway's,
   * the kernel's and the clients'.
   */
  storeP50Ms?: number;
  storeP99Ms?: number;
  /** The send-to-receive p99 of each second of the step, by when the messages came. */
  p99BySecondMs: number[];
  serverRssMiB: number;
  /** Server CPU (all threads) over the step, per message sent, in µs: its cost apart from the clients'. */
  serverCpuUsPerMsg: number;
  /** Server CPU over the step as a share of one core, in percent. */
  serverCpuPercent: number;
  /** The client processes' CPU over the step, together, as a share of one core, in percent. */
  clientCpuPercent: number;
  /** The client processes' CPU per message sent, in µs: the same work in every run, so the machine's speed. */
  clientCpuUsPerMsg: number;
  /** The server's CPU a message over the clients' (step-cpu.ts): the server's cost, the machine's speed divided out. */
  serverToClientCpu: number;
  /**
   * The server's event loop's thread over the step, in percent of its time: running, and ready but
   * waiting for a core (Linux schedstat). A wait beside a run that has room left says the cores are short.
   */
  eventLoopRunPercent: number;
  eventLoopWaitPercent: number;
  /** The event loop's thread's garbage collections over the step (its isolate's, not the workers'): young ones' ms, full ones and their ms. */
  youngGcMs: number;
  fullGcs: number;
  fullGcMs: number;
}

/** `processes` client processes sharing the users, from 127.0.0.50, .51, … */
async function startClients(usersFile: string, count: number, processes: number, port: number) {
  const children: ChildProcess[] = [];
  const share = Math.ceil(count / processes);
  const opened: Promise<unknown>[] = [];
  for (let i = 0; i < processes; i += 1) {
    const [start, end] = [i * share, Math.min(count, (i + 1) * share)];
    // BENCH_CLIENT_NODE_ARGS passes flags to the clients' node, as in the reconnect storm.
    const nodeArgs = process.env.BENCH_CLIENT_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = fork(
      clientScript,
      [usersFile, String(start), String(end), String(port), `127.0.0.${50 + i}`],
      { execArgv: [...process.execArgv, ...nodeArgs] },
    );
    children.push(child);
    opened.push(readyMessage(child));
  }
  await Promise.all(opened);
  /** One step on every process, each sending its share of the rate; their reports. */
  const step = (rate: number, seconds: number) =>
    Promise.all(children.map((child) => ask<StepReport>(child, { rate: rate / processes, seconds })));
  const stop = () => stopChildren(children);
  return { step, stop };
}

type Clients = Awaited<ReturnType<typeof startClients>>;

async function runStep(
  clients: Clients,
  rate: number,
  seconds: number,
  server: Pick<ServerProcess, 'rssMiB' | 'cpuMs' | 'metrics' | 'eventLoopSchedule'>,
): Promise<StepResult> {
  const scrape = async () => readScrape(await server.metrics());
  const before = await scrape();
  const [cpuBefore, loopBefore, started] = [server.cpuMs(), server.eventLoopSchedule(), performance.now()];
  const reports = await clients.step(rate, seconds);
  const cpuMs = server.cpuMs() - cpuBefore;
  const loop = server.eventLoopSchedule();
  const elapsedMs = performance.now() - started;
  // Read after the step's CPU and time, so that the read's own cost is in neither.
  const after = await scrape();
  const storeMs = (q: number) => {
    const value = quantileBetween(before.store, after.store, q);
    return value === undefined ? undefined : round(value * 1000);
  };
  const latencies = reports.flatMap((r) => r.latencies);
  const sorted = [...latencies].sort((a, b) => a - b);
  const answers = reports.flatMap((r) => r.answers).sort((a, b) => a - b);
  const sent = reports.reduce((n, r) => n + r.sent, 0);
  return {
    targetRate: rate,
    sentPerSec: round(sent / seconds, 0),
    receivedPerSec: round(sorted.length / seconds, 0),
    failedSends: reports.reduce((n, r) => n + r.failed, 0),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
    answerP50Ms: round(percentile(answers, 50)),
    answerP99Ms: round(percentile(answers, 99)),
    storeP50Ms: storeMs(0.5),
    storeP99Ms: storeMs(0.99),
    p99BySecondMs: percentileBySecond(
      latencies,
      reports.flatMap((r) => r.receivedAtMs),
      seconds,
      99,
    ),
    serverRssMiB: server.rssMiB(),
    ...stepCpu({
      serverCpuMs: cpuMs,
      clientCpuMs: reports.reduce((n, r) => n + r.cpuMs, 0),
      sent,
      elapsedMs,
    }),
    eventLoopRunPercent: round(((loop.runMs - loopBefore.runMs) / elapsedMs) * 100, 0),
    eventLoopWaitPercent: round(((loop.waitMs - loopBefore.waitMs) / elapsedMs) * 100, 0),
    youngGcMs: round((after.young.sum - before.young.sum) * 1000, 0),
    fullGcs: after.full.count - before.full.count,
    fullGcMs: round((after.full.sum - before.full.sum) * 1000, 0),
  };
}

/**
 * One-to-one messages through the real gateway into the embedded store (issue 15, part 1), the
 * clients in `--processes` processes of their own. `--cpu-prof` profiles the server for the whole
 * run and writes where its CPU went beside the figures; `--perf` samples the server's native stacks
 * over the steps (Linux perf), where SQLite's and the kernel's share of that CPU shows.
 */
export async function main(args: string[]): Promise<void> {
  const options = parseLoadOptions(args, { rates: '1000,2500,5000,7500,10000', seconds: '10' });
  const at = args.indexOf('--processes');
  const processes = at >= 0 ? Number(args[at + 1]) : 2;
  const profileDir = args.includes('--cpu-prof') ? mkdtempSync(join(tmpdir(), 'im-bench-prof-')) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'im-bench-'));
  const secret = randomBytes(32).toString('hex');
  console.log(`seeding ${options.clients} users…`);
  const users = await seedUsers(dataDir, secret, options.clients);
  const usersFile = join(dataDir, 'users.json');
  writeFileSync(usersFile, JSON.stringify(users));
  const server = await startServerProcess(
    { DATA_DIR: dataDir, JWT_SECRET: secret },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  let profile: { busyMs: number; rows: ProfileRow[] } | undefined;
  let native: NativeProfile | undefined;
  const askedPerf = args.includes('--perf');
  const perf = askedPerf && perfAvailable();
  if (askedPerf && !perf) console.warn('--perf: Linux perf is not installed here; no native profile');
  try {
    const connectStart = performance.now();
    const clients = await startClients(usersFile, users.length, processes, server.port);
    const connectSeconds = round((performance.now() - connectStart) / 1000, 2);
    const idleRss = server.rssMiB();
    console.log(
      `${users.length} clients in ${processes} processes connected in ${connectSeconds} s; server RSS ${idleRss} MiB`,
    );
    const steps: StepResult[] = [];
    const perfFile = join(dataDir, 'perf.data');
    const recording = perf ? recordNative(server.pid, perfFile) : undefined;
    try {
      for (const rate of options.rates) {
        const step = await runStep(clients, rate, options.seconds, server);
        steps.push(step);
        console.log(
          `target ${rate} msg/s: sent ${step.sentPerSec}/s, received ${step.receivedPerSec}/s, p50 ${step.p50Ms} ms, p99 ${step.p99Ms} ms, answer p99 ${step.answerP99Ms} ms, store p50/p99 ${step.storeP50Ms}/${step.storeP99Ms} ms, failed ${step.failedSends}, RSS ${step.serverRssMiB} MiB, server CPU ${step.serverCpuPercent}% (${step.serverCpuUsPerMsg} µs/msg), event loop ran ${step.eventLoopRunPercent}% waited ${step.eventLoopWaitPercent}%, GC young ${step.youngGcMs} ms full ${step.fullGcs} (${step.fullGcMs} ms), clients CPU ${step.clientCpuPercent}% (${step.clientCpuUsPerMsg} µs/msg), server ÷ clients ${step.serverToClientCpu}`,
        );
        if (step.p99Ms > 2000 || step.receivedPerSec < step.sentPerSec * 0.5) break;
      }
    } finally {
      await recording?.stop();
      await clients.stop();
    }
    if (recording) native = summarizeNative(perfFile);
    await server.stop();
    if (profileDir) profile = summarizeCpuProfile(profileDir);
    writeResults({ options, processes, connectSeconds, idleRss, steps, profile, native });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  }
}

function writeResults(result: {
  options: LoadOptions;
  processes: number;
  connectSeconds: number;
  idleRss: number;
  steps: StepResult[];
  profile?: { busyMs: number; rows: ProfileRow[] };
  native?: NativeProfile;
}) {
  const dir = resultsDir();
  const machine = describeMachine();
  const commit = commitOf();
  const measuredAt = new Date().toISOString();
  const stamp = measuredAt.replace(/[:.]/g, '-');
  writeFileSync(
    join(dir, `messaging-${stamp}.json`),
    `${JSON.stringify({ machine, commit, measuredAt, ...result }, null, 2)}\n`,
  );
  const rows = result.steps.map(
    (s) =>
      `| ${s.targetRate} | ${s.sentPerSec} | ${s.receivedPerSec} | ${s.p50Ms} | ${s.p99Ms} | ${s.answerP50Ms} / ${s.answerP99Ms} | ${s.storeP50Ms ?? '-'} / ${s.storeP99Ms ?? '-'} | ${s.failedSends} | ${s.serverRssMiB} | ${s.serverCpuPercent} | ${s.serverCpuUsPerMsg} | ${s.eventLoopRunPercent} / ${s.eventLoopWaitPercent} | ${s.youngGcMs} / ${s.fullGcs} (${s.fullGcMs}) | ${s.clientCpuPercent} / ${s.clientCpuUsPerMsg} | ${s.serverToClientCpu} |`,
  );
  const markdown = [
    `# Messaging benchmark (${measuredAt}, commit ${commit})`,
    '',
    `${result.options.clients} clients in ${result.processes} client processes (127.0.0.50, .51, …) on loopback through the real gateway`,
    `into the embedded SQLite store; one-to-one texts, client i to client i+1, ${result.options.seconds} s per step.`,
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memGiB} GiB, Node ${machine.node}; the client processes share the cores with the server; load average ${machine.loadAvg1} at the end; the machine's fixed work (bench/support/machine-speed.ts) took ${machine.speedMs} ms.`,
    `Connect: ${result.connectSeconds} s; idle server RSS ${result.idleRss} MiB. Aim: 10,000 msg/s at p99 ≤ 50 ms.`,
    '',
    '| target msg/s | sent/s | received/s | p50 ms | p99 ms | answer p50 / p99 ms | store p50 / p99 ms | failed | server RSS MiB | server CPU % of a core | server CPU µs/msg | event loop ran / waited % | event loop GC: young ms / full (ms) | clients CPU % of a core / µs/msg | server ÷ clients CPU a message |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    "p50 and p99: from the send to the recipient's receipt. Answer: from the send to its answer, given after",
    "the commit. Store: from the send's store call to its commit, inside the server (its",
    "`im_message_store_seconds` histogram, linear within a bucket): the store's part of that wait.",
    "Event loop: the server's event loop's thread, running and ready but waiting for a core, in % of the step;",
    "its garbage collections over the step (Node's `nodejs_gc_duration_seconds` on /metrics): the young ones'",
    "time, and how many full ones and their time. Server ÷ clients: the server's CPU a message over the",
    "clients' (who do the same work a message in every run): the server's cost with the machine's speed",
    'divided out, to compare runs of different hours (bench/README.md).',
    'p99 of each second of a step, by when the messages came:',
    '',
    ...result.steps.map((s) => `- ${s.targetRate} msg/s: ${s.p99BySecondMs.join(', ')} ms`),
    '',
    ...profileLines(result.profile),
    ...nativeProfileLines(result.native),
  ].join('\n');
  writeFileSync(join(dir, 'messaging-latest.md'), markdown);
  console.log(`\n${markdown}`);
}
