import { copyFileSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_MEASURED, headlineTable, HEADLINES, newestResults } from '../../../bench/suite-headlines.ts';

const results = fileURLToPath(new URL('../../../bench/results', import.meta.url));
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'im-suite-'));
  dirs.push(dir);
  return dir;
}

/** The row of one headline's figure in a table. */
const rowOf = (table: string[], figure: string) => table.find((line) => line.includes(`| ${figure} |`));

/**
 * `npm run bench` writes the server performance aims' figures before and after in its suite file
 * (bench/suite-headlines.ts): "before" from each bench's first committed results, "after" from the
 * files this suite run wrote.
 */
describe('the suite file’s before and after', () => {
  it('reads the first measured figures from the committed first results of each bench', () => {
    const table = headlineTable(results, Date.now() + 60_000);
    expect(rowOf(table, '10,000 one-to-one msg/s, send to receipt')).toContain(
      '| not reached: at 7,500 msg/s 6,631 received/s, p99 3,340 ms, 10,000 clients | – |',
    );
    expect(rowOf(table, '1,000-member group, 50 messages at once')).toContain('| 27,447 deliveries/s | – |');
    expect(rowOf(table, '10,000 clients, 100 missed each: the last one caught up')).toContain(
      '| 164.78 s (server 83.2 CPU s) | – |',
    );
    expect(rowOf(table, 'a page of 20 of 1,000,000 messages (newest / middle / oldest)')).toContain(
      '| p99 21.15 / 7.09 / 12.56 ms | – |',
    );
    expect(rowOf(table, 'RSS per idle socket, the first size the run measured')).toContain(
      '| 12.8 KiB at 2,000 sockets | – |',
    );
    expect(Object.keys(FIRST_MEASURED).sort()).toEqual([...new Set(HEADLINES.map((h) => h.bench))].sort());
  });

  it('takes this run’s figures from the newest results file written since the suite began', () => {
    const dir = scratch();
    const first = FIRST_MEASURED['reconnect-storm'];
    copyFileSync(join(results, first), join(dir, first));
    const storm = (file: string, seconds: number, at: Date) => {
      writeFileSync(
        join(dir, file),
        JSON.stringify({ allCaughtUpS: seconds, cpuSeconds: 9.040000000000001, probes: [] }),
      );
      utimesSync(join(dir, file), at, at);
    };
    const since = Date.now() - 1000;
    storm('reconnect-storm-2026-12-01T00-00-00-000Z.json', 20, new Date(since - 60_000));
    storm('reconnect-storm-2026-12-07T00-00-00-000Z.json', 9.5, new Date());
    storm('reconnect-storm-2026-12-06T00-00-00-000Z.json', 11, new Date());
    writeFileSync(join(dir, 'reconnect-storm-latest.json'), '{}');
    expect(newestResults(dir, 'reconnect-storm', since)).toBe(
      join(dir, 'reconnect-storm-2026-12-07T00-00-00-000Z.json'),
    );
    expect(newestResults(dir, 'history', since)).toBeUndefined();
    const row = rowOf(headlineTable(dir, since), '10,000 clients, 100 missed each: the last one caught up');
    expect(row).toContain('| 164.78 s (server 83.2 CPU s) | 9.5 s (server 9 CPU s) |');
  });
});
