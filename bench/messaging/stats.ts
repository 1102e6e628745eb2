/** Percentile of already sorted values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * The `p` percentile of the values that came in each second of a step (`atMs`: when each came, ms
 * into the step, in the same order); what came after the last second counts in the last. A queue
 * that builds while a step starts shows as its first seconds' figures.
 */
export function percentileBySecond(values: number[], atMs: number[], seconds: number, p: number): number[] {
  const buckets: number[][] = Array.from({ length: seconds }, () => []);
  values.forEach((value, i) => buckets[Math.min(seconds - 1, Math.floor(atMs[i] / 1000))].push(value));
  return buckets.map((bucket) =>
    round(
      percentile(
        bucket.sort((a, b) => a - b),
        p,
      ),
      0,
    ),
  );
}
