import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface ProfileRow {
  /** Function, file (last two path parts) and line. */
  where: string;
  /** Share of the process's busy time (idle left out), in percent. */
  percent: number;
  ms: number;
}

/**
 * Where a process spent its CPU, from the `.cpuprofile` that `node --cpu-prof --cpu-prof-dir=<dir>`
 * wrote into `dir` at exit: self time by function, largest first (idle left out).
 */
export function summarizeCpuProfile(dir: string, top = 30): { busyMs: number; rows: ProfileRow[] } {
  // Node writes one file per thread (CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile): the main
  // thread's is the one of thread 0; the others are workers' (the SQLite checkpointer).
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  const file = files.find((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name)) ?? files[0];
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byWhere = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i += 1) {
    const frame = nodes.get(profile.samples[i])!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    byWhere.set(where, (byWhere.get(where) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const busy = [...byWhere.values()].reduce((a, b) => a + b, 0);
  const rows = [...byWhere]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([where, us]) => ({
      where,
      percent: Math.round((us / busy) * 1000) / 10,
      ms: Math.round(us / 1000),
    }));
  return { busyMs: Math.round(busy / 1000), rows };
}

/** A profile's lines in a bench's markdown (a table, largest first), or none without a profile. */
export function profileLines(profile?: { busyMs: number; rows: ProfileRow[] }): string[] {
  if (!profile) return [];
  return [
    `Server CPU profile of the run (\`--cpu-prof\`): ${profile.busyMs} ms busy; self time by function, largest first:`,
    '',
    '| function | % of busy | ms |',
    '| --- | --- | --- |',
    ...profile.rows.map((r) => `| ${r.where.replace(/\|/g, '\\|')} | ${r.percent} | ${r.ms} |`),
    '',
  ];
}
