/** What the summary reporter needs of a test file: its path, and each test's end state. */
export interface FileOutcome {
  file: string;
  project: string;
  states: ReadonlyArray<string>;
}

/**
 * One line per test file that did not pass whole, naming it and how many of its tests passed, failed
 * or never reported. A worker that dies mid-file (a native crash, an exit) leaves its tests without a
 * result, and Vitest's own summary then names no file; this line does.
 */
export function unfinishedFileLines(files: ReadonlyArray<FileOutcome>): string[] {
  const lines: string[] = [];
  for (const { file, project, states } of files) {
    const passed = states.filter((state) => state === 'passed').length;
    const failed = states.filter((state) => state === 'failed').length;
    const skipped = states.filter((state) => state === 'skipped').length;
    const noResult = states.length - passed - failed - skipped;
    if (failed === 0 && noResult === 0 && states.length > 0) continue;
    lines.push(
      `not passed whole: ${file} (${project}): ${states.length} tests, ${passed} passed, ${failed} failed, ${noResult} without a result`,
    );
  }
  return lines;
}
