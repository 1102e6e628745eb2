import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { percentile, round } from './messaging/stats.ts';

/* The results files' shapes, as far as the headlines read them (each bench writes more). */
interface MessagingStep {
  targetRate: number;
  receivedPerSec: number;
  p99Ms: number;
  serverCpuUsPerMsg?: number;
}
interface MemoryStep {
  sockets: number;
  nodes?: number;
  perSocket: { rss: number };
}
interface FanoutRow {
  group: string;
  step: string;
  deliveriesPerSec: number;
  lastDeliveryP99Ms: number;
}
interface Results {
  steps?: (MessagingStep & MemoryStep)[];
  idleRss?: number;
  options?: { clients: number };
  rows?: FanoutRow[];
  allCaughtUpS?: number;
  cpuSeconds?: number;
  probes?: { ms: number }[];
  timings?: { what: string; p99Ms: number }[];
}

/** One figure of an aim of the server's performance issue, read from one bench's results file. */
export interface Headline {
  bench: string;
  figure: string;
  aim: string;
  read: (results: Results) => string | undefined;
}

const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

/** The step at `rate`, or the run's highest when it stopped below it. */
function messagingAt(results: Results, rate: number): string | undefined {
  const steps = results.steps ?? [];
  const clients = `${thousands(results.options?.clients ?? 0)} clients`;
  const step = steps.find((s) => s.targetRate === rate);
  if (step) return `p99 ${step.p99Ms} ms, ${thousands(step.receivedPerSec)} received/s, ${clients}`;
  const last = steps.at(-1);
  return last
    ? `not reached: at ${thousands(last.targetRate)} msg/s ${thousands(last.receivedPerSec)} received/s, p99 ${thousands(last.p99Ms)} ms, ${clients}`
    : undefined;
}

function memoryAt(results: Results, sockets: number): string | undefined {
  const step = results.steps?.find((s) => s.sockets === sockets);
  if (!step) return undefined;
  const nodes = step.nodes && step.nodes > 1 ? ` over ${step.nodes} nodes` : '';
  return `${round(step.perSocket.rss / 1024)} KiB${nodes}`;
}

function fanout(results: Results, group: string, step: string, pick: (row: FanoutRow) => string) {
  const row = results.rows?.find((r) => r.group === group && r.step === step);
  return row && pick(row);
}

function timing(results: Results, prefix: string): string | undefined {
  const rows = results.timings?.filter((t) => t.what.startsWith(prefix)) ?? [];
  return rows.length ? `p99 ${rows.map((t) => t.p99Ms).join(' / ')} ms` : undefined;
}

/** The aims (bench/README.md), each with the figure that shows it. */
export const HEADLINES: Headline[] = [
  {
    bench: 'messaging',
    figure: '10,000 one-to-one msg/s, send to receipt',
    aim: 'p99 ≤ 50 ms, every message received',
    read: (r) => messagingAt(r, 10_000),
  },
  {
    bench: 'messaging',
    figure: 'server CPU a message, highest step',
    aim: '(what the code costs)',
    read: (r) => {
      const last = r.steps?.at(-1);
      return last?.serverCpuUsPerMsg ? `${last.serverCpuUsPerMsg} µs` : undefined;
    },
  },
  {
    bench: 'messaging',
    figure: 'idle server RSS with the bench clients connected',
    aim: '(memory below)',
    read: (r) =>
      r.idleRss === undefined ? undefined : `${r.idleRss} MiB, ${thousands(r.options?.clients ?? 0)} sockets`,
  },
  {
    bench: 'memory',
    figure: 'RSS per idle socket, the first size the run measured',
    aim: '≤ 8 KiB',
    read: (r) => {
      const first = r.steps?.[0];
      return first && `${memoryAt(r, first.sockets)} at ${thousands(first.sockets)} sockets`;
    },
  },
  {
    bench: 'memory',
    figure: 'RSS per idle socket at 10,000 sockets',
    aim: '≤ 8 KiB',
    read: (r) => memoryAt(r, 10_000),
  },
  {
    bench: 'memory',
    figure: 'RSS per idle socket at 50,000 sockets',
    aim: '≤ 8 KiB',
    read: (r) => memoryAt(r, 50_000),
  },
  {
    bench: 'group-fanout',
    figure: '1,000-member group, 50 messages at once',
    aim: '≥ 200,000 deliveries/s',
    read: (r) =>
      fanout(r, 'small', 'all at once', (row) => `${thousands(row.deliveriesPerSec)} deliveries/s`),
  },
  {
    bench: 'group-fanout',
    figure: '1,000-member group, one message each 100 ms: send to last delivery',
    aim: '(measured)',
    read: (r) => fanout(r, 'small', 'one each 100 ms', (row) => `p99 ${row.lastDeliveryP99Ms} ms`),
  },
  {
    bench: 'group-fanout',
    figure: '10,000-member group (999 online), 50 messages at once',
    aim: 'correct; cost not growing with the offline',
    read: (r) =>
      fanout(r, 'large', 'all at once', (row) => `${thousands(row.deliveriesPerSec)} deliveries/s`),
  },
  {
    bench: 'reconnect-storm',
    figure: '10,000 clients, 100 missed each: the last one caught up',
    aim: '≤ 10 s',
    read: (r) =>
      r.allCaughtUpS === undefined
        ? undefined
        : // The JSON keeps the CPU as two readings' difference (14.540000000000001).
          `${r.allCaughtUpS} s (server ${round(Number(r.cpuSeconds))} CPU s)`,
  },
  {
    bench: 'reconnect-storm',
    figure: 'a fresh login during the storm',
    aim: '≤ 1 s',
    read: (r) => {
      const ms = (r.probes ?? []).map((p) => p.ms).sort((a, b) => a - b);
      return ms.length ? `p99 ${thousands(percentile(ms, 99))} ms` : undefined;
    },
  },
  {
    bench: 'history',
    figure: 'a page of 20 of 1,000,000 messages (newest / middle / oldest)',
    aim: '≤ 2 ms',
    read: (r) => timing(r, 'history page of 20'),
  },
  {
    bench: 'history',
    figure: 'a list page of 5,000 conversations (first / middle / last)',
    aim: '≤ 10 ms',
    read: (r) => timing(r, 'conversation list page'),
  },
];

/**
 * Each bench's first results committed here, the figures before the work: messaging's is the
 * issue's own table (2026-11-22); the other benches were written while the issue was worked, and their
 * first run stands for "before". All on this 2-core AMD EPYC machine.
 */
export const FIRST_MEASURED: Record<string, string> = {
  messaging: 'messaging-2026-11-22T23-33-10-030Z.json',
  memory: 'memory-2026-11-27T19-04-52-744Z.json',
  'group-fanout': 'group-fanout-2026-11-27T19-23-02-685Z.json',
  'reconnect-storm': 'reconnect-storm-2026-11-27T22-28-49-056Z.json',
  history: 'history-2026-11-27T22-59-13-423Z.json',
};

function readResults(file: string | undefined): Results | undefined {
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : undefined;
}

/** The newest `<bench>-<date>.json` in `dir` written at or after `since` (ms), if any. */
export function newestResults(dir: string, bench: string, since: number): string | undefined {
  const pattern = new RegExp(`^${bench}-\\d{4}-\\d{2}-\\d{2}T[\\d-]+Z\\.json$`);
  return readdirSync(dir)
    .filter((name) => pattern.test(name))
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).mtimeMs >= since)
    .sort()
    .at(-1);
}

/**
 * The suite file's "before and after" table: every headline, its aim, the first measured figure
 * (FIRST_MEASURED) and this run's (the bench's newest results since `since`); "–" where a file does
 * not hold the figure (a step the first run never reached a size of, a bench not run).
 */
export function headlineTable(dir: string, since: number): string[] {
  const cell = (results: Results | undefined, headline: Headline) =>
    (results && headline.read(results)) ?? '–';
  // Each bench's two files read once, whichever number of its headlines read them.
  const files = new Map(
    [...new Set(HEADLINES.map((h) => h.bench))].map((bench) => {
      const first = FIRST_MEASURED[bench];
      return [
        bench,
        {
          before: readResults(first && join(dir, first)),
          after: readResults(newestResults(dir, bench, since)),
        },
      ];
    }),
  );
  return [
    '## Before and after: the server performance aims',
    '',
    `First measured: each bench's first results file here (${Object.values(FIRST_MEASURED).join(', ')}); the`,
    "messaging one is the figures the issue began from. This run: the suite's own files.",
    '',
    '| bench | figure | aim | first measured | this run |',
    '| --- | --- | --- | --- | --- |',
    ...HEADLINES.map((headline) => {
      const { before, after } = files.get(headline.bench)!;
      return `| ${headline.bench} | ${headline.figure} | ${headline.aim} | ${cell(before, headline)} | ${cell(after, headline)} |`;
    }),
  ];
}
