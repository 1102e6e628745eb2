import { describe, expect, it } from 'vitest';
import { ExpiringCache } from '../src/storage/expiring-cache.ts';

/** The hot path's caches (user rows, one-to-one send facts) keep what they read this way. */
describe('ExpiringCache', () => {
  it('reads once until the TTL ends, and again after it or after a forget', async () => {
    const cache = new ExpiringCache<number>(1000, 10, () => 0);
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.get('a', read, 0)).toBe(1);
    expect(await cache.get('a', read, 999)).toBe(1);
    expect(await cache.get('a', read, 1000)).toBe(2);
    cache.forget('a');
    expect(await cache.get('a', read, 1001)).toBe(3);
  });

  it('ends entries read together at times spread over the second half of the TTL', async () => {
    let draw = 0;
    // Each entry's draw in turn: 0, 0.01, ... 0.99 (a life of 1000 ms down to 505 ms).
    const cache = new ExpiringCache<string>(1000, 1000, () => (draw++ % 100) / 100);
    const keys = Array.from({ length: 100 }, (_, i) => `k${i}`);
    for (const key of keys) await cache.get(key, async () => 'first', 0);
    const readAgainAt = async (now: number) => {
      let reads = 0;
      for (const key of keys)
        await cache.get(
          key,
          async () => {
            reads += 1;
            return 'again';
          },
          now,
        );
      return reads;
    };
    expect(await readAgainAt(499)).toBe(0);
    // By three quarters of the TTL, the entries whose life was shorter have ended, and only they.
    expect(await readAgainAt(750)).toBe(50);
    expect(await readAgainAt(1000)).toBe(50);
  });

  it('does not keep a read that was in flight while a forget came (it may predate the change)', async () => {
    const cache = new ExpiringCache<string>(1000, 10);
    let answer: (value: string) => void = () => undefined;
    const inFlight = cache.get('a', () => new Promise<string>((resolve) => (answer = resolve)), 0);
    cache.forget('a');
    answer('before the change');
    expect(await inFlight).toBe('before the change');
    expect(await cache.get('a', async () => 'after the change', 1)).toBe('after the change');
  });

  it('starts over when full instead of growing past its bound', async () => {
    const cache = new ExpiringCache<string>(1000, 2);
    await cache.get('a', async () => 'a1', 0);
    await cache.get('b', async () => 'b1', 0);
    await cache.get('c', async () => 'c1', 0);
    expect(await cache.get('a', async () => 'a2', 0)).toBe('a2');
  });
});
