import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { unfinishedFileLines } from './unfinished-files.ts';

/** Writes the counts of the run so scripts/test.sh can close with one `N passed, N failed` line. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules.map((mod) => ({
      file: relative(process.cwd(), mod.moduleId),
      project: mod.project.name,
      states: [...mod.children.allTests()].map((test) => test.result().state),
      loadFailed: mod.state() === 'failed',
    }));
    let passed = 0;
    let failed = 0;
    for (const { states, loadFailed } of files) {
      passed += states.filter((state) => state === 'passed').length;
      failed += states.filter((state) => state === 'failed').length;
      // A file that could not even load counts as one failure.
      if (loadFailed && states.length === 0) failed++;
    }
    const lines = unfinishedFileLines(files);
    if (lines.length > 0) console.log(`\n${lines.join('\n')}`);
    writeFileSync(process.env.SUMMARY_FILE ?? '.vitest-summary.json', JSON.stringify({ passed, failed }));
  }
}
