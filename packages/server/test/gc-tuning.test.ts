import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const tuning = new URL('../src/ops/gc-tuning.ts', import.meta.url).href;

/**
 * A child process that first keeps 1,000,000 objects of one allocation site (so V8 learns that the
 * site's objects live long), then makes 6,000,000 more there that die at once: how much the old
 * generation grew over the second part, in MB. The young generation is at its full size from the
 * start, as a loaded server's is (V8 decides to pretenure only then), and the old one has room for all
 * of it, so that no full collection (which frees the garbage and resets V8's decisions) falls inside:
 * the outcome hangs on neither's timing, which a loaded machine moves.
 */
function oldGrowthOfGarbage(tuned: boolean): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    ${tuned ? `(await import(${JSON.stringify(tuning)})).tuneGarbageCollector();` : ''}
    const oldUsed = () => getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size;
    const make = (i) => ({ id: i, list: [i] });
    const kept = [];
    for (let i = 0; i < 1_000_000; i += 1) kept.push(make(i));
    const before = oldUsed();
    let last;
    for (let i = 0; i < 6_000_000; i += 1) last = make(i);
    console.log((oldUsed() - before) / 1048576, kept.length, last.id);
  `;
  const run = spawnSync(
    process.execPath,
    [
      '--min-semi-space-size=16',
      '--max-semi-space-size=16',
      '--initial-old-space-size=1024',
      '--input-type=module',
      '-e',
      script,
    ],
    { encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  return Number(run.stdout.split(' ')[0]);
}

describe('the server process garbage collector (ops/gc-tuning.ts)', () => {
  it('keeps short-lived objects of a site that once made long-lived ones out of the old generation', () => {
    const plain = oldGrowthOfGarbage(false);
    const tuned = oldGrowthOfGarbage(true);
    // Pretenured, the 6,000,000 dead objects (~550 MB) are in the old generation until a full
    // collection; young, they die there, and the growth is the kept objects' last promotions.
    expect(plain).toBeGreaterThan(300);
    expect(tuned).toBeLessThan(50);
  }, 30_000);
});
