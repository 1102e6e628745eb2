/** A Prometheus histogram's cumulative counts by upper bound (seconds; +Inf as Infinity). */
export type Buckets = Map<number, number>;

/**
 * The buckets of histogram `name` in a /metrics text (Prometheus' exposition format), summed over its
 * label sets: `name_bucket{…le="0.005"…} 42` counts the observations up to 5 ms.
 */
export function histogramBuckets(text: string, name: string): Buckets {
  const buckets: Buckets = new Map();
  const line = new RegExp(`^${name}_bucket\\{[^}]*\\ble="([^"]+)"[^}]*\\} (\\S+)$`, 'gm');
  for (const [, le, count] of text.matchAll(line)) {
    const bound = le === '+Inf' ? Infinity : Number(le);
    buckets.set(bound, (buckets.get(bound) ?? 0) + Number(count));
  }
  return buckets;
}

/**
 * The `q` quantile (0–1) of what was observed between two scrapes, in seconds, estimated as
 * Prometheus' histogram_quantile does: linear within the bucket it falls in, and the largest finite
 * bound when it falls past them. None when nothing was observed.
 */
export function quantileBetween(before: Buckets, after: Buckets, q: number): number | undefined {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const counts = bounds.map((bound) => after.get(bound)! - (before.get(bound) ?? 0));
  const total = counts.at(-1) ?? 0;
  if (total <= 0) return undefined;
  const rank = q * total;
  let [lowerBound, lowerCount] = [0, 0];
  for (const [i, bound] of bounds.entries()) {
    if (counts[i]! >= rank) {
      if (bound === Infinity) return lowerBound;
      return lowerBound + ((bound - lowerBound) * (rank - lowerCount)) / (counts[i]! - lowerCount);
    }
    [lowerBound, lowerCount] = [bound, counts[i]!];
  }
  return lowerBound;
}

/** A histogram's number of observations and their sum, for one label's value. */
export interface HistogramTotal {
  count: number;
  sum: number;
}

/**
 * The `name_count` and `name_sum` of histogram `name` in a /metrics text, summed over its label sets
 * that have `label="value"` (prom-client's `nodejs_gc_duration_seconds{kind="major"}`: how many
 * full collections, and their seconds). Zero when there is none.
 */
export function histogramTotal(text: string, name: string, label: string, value: string): HistogramTotal {
  const total = { count: 0, sum: 0 };
  const line = new RegExp(`^${name}_(count|sum)\\{([^}]*)\\} (\\S+)$`, 'gm');
  for (const [, part, labels, number] of text.matchAll(line)) {
    if (!labels!.split(',').includes(`${label}="${value}"`)) continue;
    total[part as 'count' | 'sum'] += Number(number);
  }
  return total;
}
