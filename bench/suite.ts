import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeMachine, resultsDir } from './messaging/bench-options.ts';
import { commitOf } from './support/bench-server.ts';
import { headlineTable } from './suite-headlines.ts';

type Benches = Record<string, () => Promise<{ main: (args: string[]) => Promise<void> }>>;

/**
 * Every benchmark in turn (`--only a,b` for some), then one dated file, `suite-<date>.md`, with the
 * machine, the commit, the server performance aims' figures before and after (suite-headlines.ts),
 * and each bench's figures as it wrote them. A bench that fails is named in the
 * file with its error; the others still run.
 */
export async function runSuite(benches: Benches, args: string[]): Promise<void> {
  const suiteStarted = Date.now();
  // The machine as the suite begins, quiet: timed right after the last bench, the fixed work took
  // 33 ms where it takes 21 on a quiet machine.
  const machine = describeMachine();
  const at = args.indexOf('--only');
  const names = at >= 0 && args[at + 1] ? args[at + 1].split(',') : Object.keys(benches);
  const sections: string[] = [];
  for (const name of names) {
    const started = Date.now();
    const load = benches[name];
    try {
      if (!load) throw new Error('no such benchmark');
      await (await load()).main([]);
      const latest = join(resultsDir(), `${name}-latest.md`);
      const figures = existsSync(latest)
        ? readFileSync(latest, 'utf8').replace(/^# /, '## ')
        : '(no figures written)';
      sections.push(`${figures.trim()}\n\n_${name}: ${Math.round((Date.now() - started) / 1000)} s_`);
    } catch (error) {
      sections.push(`## ${name}\n\nNot measured: ${error instanceof Error ? error.message : String(error)}`);
      console.error(`bench ${name} failed`, error);
    }
  }
  const measuredAt = new Date().toISOString();
  const markdown = [
    `# Benchmark suite (${measuredAt}, commit ${commitOf()})`,
    '',
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memGiB} GiB, Node ${machine.node}; the fixed work (bench/support/machine-speed.ts) took ${machine.speedMs} ms as the suite began. How to read and run these: bench/README.md.`,
    '',
    ...headlineTable(resultsDir(), suiteStarted),
    '',
    ...sections.map((s) => `${s}\n`),
  ].join('\n');
  const file = join(resultsDir(), `suite-${measuredAt.replace(/[:.]/g, '-')}.md`);
  writeFileSync(file, markdown);
  console.log(`suite written to ${file}`);
}
