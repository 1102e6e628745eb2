import { spawn, spawnSync } from 'node:child_process';

/**
 * Parts of the server's work, each found by one native function on the stack: what the JavaScript
 * profile shows only as `run` (node:sqlite) or as the runtime's own time. One function each, since
 * perf's shares of two functions overlap wherever one calls the other (a scavenge's helper tasks run
 * inside the main thread's collection too).
 */
const PARTS: ReadonlyArray<{ part: string; symbol: string }> = [
  { part: 'SQLite, every statement and commit', symbol: 'sqlite3_step' },
  { part: 'commits: pages written to the WAL', symbol: 'pagerWalFrames' },
  { part: 'commits: the page cache trimmed to the database', symbol: 'pcache1Truncate' },
  { part: 'WAL checkpoints (the checkpointer thread, the writer’s backstop)', symbol: 'walCheckpoint' },
  { part: 'B-tree inserts', symbol: 'sqlite3BtreeInsert' },
  { part: 'socket reads, to the frames parsed', symbol: 'uv__read' },
  { part: 'socket writes', symbol: '__GI___writev' },
  { part: 'garbage collection, the main thread’s pauses', symbol: 'v8::internal::Heap::CollectGarbage' },
];

export interface NativeProfile {
  /** As perf counts them ("7K"). */
  samples: string;
  /** Share of the samples per object file: node (V8, libuv, SQLite), the kernel, libc, JIT-compiled JavaScript. */
  objects: { object: string; percent: number }[];
  /** Each part's share of the samples, its callees included. */
  parts: { part: string; percent: number }[];
  /** The functions with the most samples of their own. */
  top: { symbol: string; percent: number }[];
}

/** Whether Linux perf is installed and may sample this machine's processes. */
export function perfAvailable(): boolean {
  return spawnSync('perf', ['--version']).status === 0;
}

/** Samples process `pid`, all its threads, with call stacks, until `stop()`. */
export function recordNative(pid: number, file: string): { stop(): Promise<void> } {
  const child = spawn('perf', ['record', '-F', '499', '-g', '-p', String(pid), '-o', file], {
    stdio: 'ignore',
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        // perf writes its file when interrupted, as after Ctrl-C.
        child.kill('SIGINT');
      }),
  };
}

function perfReport(file: string, args: string[]): string {
  return spawnSync('perf', ['report', '-i', file, '--stdio', '-g', 'none', ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  }).stdout;
}

/** `perf report` rows: percentages and a name, from its text output. */
function rowsOf(out: string): { percents: number[]; name: string }[] {
  const rows: { percents: number[]; name: string }[] = [];
  for (const line of out.split('\n')) {
    const match = /^\s*((?:[\d.]+%\s+)+)(?:\[[.k]\]\s+)?(.+?)\s*$/.exec(line);
    if (!match) continue;
    const percents = match[1].trim().split(/\s+/).map(parseFloat);
    rows.push({ percents, name: match[2] });
  }
  return rows;
}

const rounded = (percent: number) => Math.round(percent * 10) / 10;
const objectName = (dso: string) =>
  dso === '[kernel.kallsyms]' ? 'the kernel' : dso.startsWith('[JIT]') ? 'JIT-compiled JavaScript' : dso;

/** The shares of a recording: by object file, by named part, and the top functions by own samples. */
export function summarizeNative(file: string, top = 15): NativeProfile {
  const byObject = perfReport(file, ['--no-children', '--sort', 'dso']);
  const samples = /# Samples: (\S+)/.exec(byObject)?.[1] ?? '?';
  const objects = rowsOf(byObject)
    .slice(0, 6)
    .map((row) => ({ object: objectName(row.name), percent: rounded(row.percents[0]) }));
  const inclusive = new Map(
    rowsOf(perfReport(file, ['--children', '--sort', 'sym'])).map((row) => [row.name, row.percents[0]]),
  );
  const parts = PARTS.map(({ part, symbol }) => ({ part, percent: rounded(inclusive.get(symbol) ?? 0) }));
  const own = rowsOf(perfReport(file, ['--no-children', '--sort', 'sym']))
    .slice(0, top)
    .map((row) => ({ symbol: row.name, percent: rounded(row.percents[0]) }));
  return { samples, objects, parts, top: own };
}

/** A native profile's lines in a bench's markdown, or none without one. */
export function nativeProfileLines(profile?: NativeProfile): string[] {
  if (!profile) return [];
  return [
    `Server native profile (\`--perf\`: Linux perf, every thread of the server, ${profile.samples} samples over the steps):`,
    '',
    `By object: ${profile.objects.map((o) => `${o.object} ${o.percent} %`).join(', ')}.`,
    '',
    '| part (its callees included) | % of samples |',
    '| --- | --- |',
    ...profile.parts.map((p) => `| ${p.part} | ${p.percent} |`),
    '',
    '| function (own samples) | % of samples |',
    '| --- | --- |',
    ...profile.top.map((t) => `| ${t.symbol.replace(/\|/g, '\\|')} | ${t.percent} |`),
    '',
  ];
}
