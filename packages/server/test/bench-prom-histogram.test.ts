import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { histogramBuckets, histogramTotal, quantileBetween } from '../../../bench/support/prom-histogram.ts';

/**
 * The messaging bench reads the server's store latency (`im_message_store_seconds`, ops/metrics.ts)
 * from /metrics before and after each step; here on the text prom-client itself writes.
 */
describe('the bench reading a histogram from /metrics', () => {
  const buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1];

  function newHistogram(name = 'im_test_seconds', registry = new Registry()) {
    registry.setDefaultLabels({ node: 'n1' });
    const histogram = new Histogram({
      name,
      help: name,
      buckets,
      labelNames: ['kind'],
      registers: [registry],
    });
    const read = async () => histogramBuckets(await registry.metrics(), 'im_test_seconds');
    return { histogram, registry, read };
  }

  it('reads the cumulative counts by bound, and the quantiles of what came between two scrapes', async () => {
    const { histogram, read } = newHistogram();
    for (let i = 0; i < 10; i += 1) histogram.observe(0.0005);
    const before = await read();
    expect(before.get(0.001)).toBe(10);
    expect(before.get(Infinity)).toBe(10);
    // Between the scrapes: 98 in (5 ms, 10 ms], 2 in (25 ms, 50 ms].
    for (let i = 0; i < 98; i += 1) histogram.observe(0.008);
    histogram.observe(0.03);
    histogram.observe(0.04);
    const after = await read();
    expect(after.get(0.01)).toBe(108);
    expect(quantileBetween(before, after, 0.5)).toBeCloseTo(0.005 + 0.005 * (50 / 98));
    expect(quantileBetween(before, after, 0.99)).toBeCloseTo(0.025 + 0.025 * (1 / 2));
    expect(quantileBetween(after, after, 0.99)).toBeUndefined();
  });

  it('answers the largest finite bound for what lies past every bucket', async () => {
    const { histogram, read } = newHistogram();
    histogram.observe(3);
    expect(quantileBetween(new Map(), await read(), 0.5)).toBe(0.1);
  });

  it('sums a histogram over its label sets, and reads no other', async () => {
    const { histogram, registry, read } = newHistogram();
    histogram.observe({ kind: 'a' }, 0.002);
    histogram.observe({ kind: 'b' }, 0.002);
    newHistogram('im_other_seconds', registry).histogram.observe(0.002);
    const counts = await read();
    expect(counts.get(0.0025)).toBe(2);
    expect(counts.get(0.001)).toBe(0);
  });

  it("reads one label value's count and sum (the full collections of nodejs_gc_duration_seconds)", async () => {
    const { histogram, registry } = newHistogram();
    histogram.observe({ kind: 'major' }, 0.012);
    histogram.observe({ kind: 'major' }, 0.03);
    histogram.observe({ kind: 'minor' }, 0.002);
    newHistogram('im_other_seconds', registry).histogram.observe({ kind: 'major' }, 1);
    const text = await registry.metrics();
    const major = histogramTotal(text, 'im_test_seconds', 'kind', 'major');
    expect(major.count).toBe(2);
    expect(major.sum).toBeCloseTo(0.042);
    expect(histogramTotal(text, 'im_test_seconds', 'kind', 'minor')).toEqual({ count: 1, sum: 0.002 });
    expect(histogramTotal(text, 'im_test_seconds', 'kind', 'weakcb')).toEqual({ count: 0, sum: 0 });
  });
});
