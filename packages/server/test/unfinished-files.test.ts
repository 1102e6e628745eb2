import { describe, expect, it } from 'vitest';
import { unfinishedFileLines } from '../../../scripts/unfinished-files.ts';

/** The test run's closing lines name every file that did not pass whole (scripts/summary-reporter.ts). */
describe('unfinishedFileLines', () => {
  it('names a file whose worker died before its tests reported, and one with a failure', () => {
    const lines = unfinishedFileLines([
      { file: 'e2e/groups.test.ts', project: 'e2e', states: ['pending', 'pending', 'pending'] },
      { file: 'packages/sdk/test/a.test.ts', project: 'sdk', states: ['passed', 'failed', 'skipped'] },
    ]);
    expect(lines).toEqual([
      'not passed whole: e2e/groups.test.ts (e2e): 3 tests, 0 passed, 0 failed, 3 without a result',
      'not passed whole: packages/sdk/test/a.test.ts (sdk): 3 tests, 1 passed, 1 failed, 0 without a result',
    ]);
  });

  it('names a file that loaded no test at all', () => {
    expect(unfinishedFileLines([{ file: 'x.test.ts', project: 'web', states: [] }])).toEqual([
      'not passed whole: x.test.ts (web): 0 tests, 0 passed, 0 failed, 0 without a result',
    ]);
  });

  it('says nothing of files that passed, skipped tests included', () => {
    expect(
      unfinishedFileLines([{ file: 'y.test.ts', project: 'server', states: ['passed', 'skipped'] }]),
    ).toEqual([]);
  });
});
