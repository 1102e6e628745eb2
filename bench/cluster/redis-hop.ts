import { Redis } from 'ioredis';
import { percentile, round } from '../messaging/stats.ts';

/**
 * The Redis hop by itself: a publish on one connection until its delivery on another (what a push
 * to a user on another node adds), `count` times one after the other with a payload the size of a
 * pushed text message, on an otherwise idle Redis.
 */
export async function measureRedisHop(url: string, count = 1000): Promise<{ p50Ms: number; p99Ms: number }> {
  const pub = new Redis(url, { lazyConnect: true });
  const sub = new Redis(url, { lazyConnect: true });
  try {
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe('bench:hop');
    const payload = 'x'.repeat(600);
    const samples: number[] = [];
    let arrived: (() => void) | null = null;
    sub.on('message', () => arrived?.());
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      const delivered = new Promise<void>((resolve) => (arrived = resolve));
      await pub.publish('bench:hop', payload);
      await delivered;
      samples.push(performance.now() - started);
    }
    const sorted = samples.sort((a, b) => a - b);
    return { p50Ms: round(percentile(sorted, 50), 2), p99Ms: round(percentile(sorted, 99), 2) };
  } finally {
    pub.disconnect();
    sub.disconnect();
  }
}
