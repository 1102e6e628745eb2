/**
 * Progress 0–100 that only goes up: a sync is made of steps whose count is learnt as it goes,
 * and a bar that jumps back looks broken. Each integer is reported once.
 */
export class SyncProgress {
  #last = -1;
  #report: (progress: number) => void;

  constructor(report: (progress: number) => void) {
    this.#report = report;
  }

  /** Reports `fraction` (0–1) of the work done; lower or equal values than before are dropped. */
  set(fraction: number): void {
    const progress = Math.max(0, Math.min(100, Math.floor(fraction * 100)));
    if (progress <= this.#last) return;
    this.#last = progress;
    this.#report(progress);
  }

  /** Between `from` and `to` (fractions), `done` of `total` steps. */
  band(from: number, to: number, done: number, total: number): void {
    this.set(from + (to - from) * (total > 0 ? done / total : 1));
  }

  finish(): void {
    this.set(1);
  }
}
