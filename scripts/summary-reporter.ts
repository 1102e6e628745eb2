import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { unfinishedFileLines } from './unfinished-files.ts';

/** Writes the counts of the run so scripts/test.sh can close with one `N passed, N failed` line. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
      }
      // A file that could not even load counts as one failure.
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
    }
    const lines = unfinishedFileLines(
      testModules.map((mod) => ({
        file: relative(process.cwd(), mod.moduleId),
        project: mod.project.name,
        states: [...mod.children.allTests()].map((test) => test.result().state),
      })),
    );
    if (lines.length > 0) console.log(`\n${lines.join('\n')}`);
    writeFileSync(process.env.SUMMARY_FILE ?? '.vitest-summary.json', JSON.stringify({ passed, failed }));
  }
}
