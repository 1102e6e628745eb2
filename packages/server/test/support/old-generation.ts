import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

/** For a child script of runWithGc: `oldUsed()`, the bytes in use in V8's old generation. */
export const OLD_USED = `
  import { getHeapSpaceStatistics } from 'node:v8';
  const oldUsed = () => getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size;
`;

/**
 * Runs an ES module script in a child Node with `gc()` exposed and every collection on its own thread
 * (no sweeping left for later, so what a young collection promotes shows in `oldUsed()` at once), and
 * answers the number it printed.
 */
export function runWithGc(script: string): number {
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--single-threaded-gc', '--input-type=module', '-e', OLD_USED + script],
    { encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  return Number(run.stdout.trim());
}
