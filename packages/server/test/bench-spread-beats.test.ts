import { afterEach, describe, expect, it, vi } from 'vitest';
import { spreadBeats } from '../../../bench/support/spread-heartbeat.ts';

/**
 * The benches' clients send the sdk's heartbeat each 25 s, spread over that time as devices that
 * started on their own would (bench/support/spread-heartbeat.ts), not as one burst of all of them.
 */
describe('spreadBeats', () => {
  afterEach(() => vi.useRealTimers());

  it('beats each of 1,000 clients once in 25 s, at most a 25th of them in any second', () => {
    vi.useFakeTimers();
    const beats: number[][] = [];
    let second: number[] = [];
    const timer = spreadBeats(
      () => 1000,
      (index) => second.push(index),
    );
    for (let s = 0; s < 25; s += 1) {
      vi.advanceTimersByTime(1000);
      beats.push(second);
      second = [];
    }
    clearInterval(timer);
    expect(Math.max(...beats.map((b) => b.length))).toBe(40);
    expect(new Set(beats.flat()).size).toBe(1000);
    expect(beats.flat()).toHaveLength(1000);
  });

  it('takes in clients that join while it runs', () => {
    vi.useFakeTimers();
    const clients = [0, 1];
    const seen = new Set<number>();
    const timer = spreadBeats(
      () => clients.length,
      (index) => seen.add(clients[index]),
    );
    vi.advanceTimersByTime(1000);
    clients.push(2, 3);
    vi.advanceTimersByTime(3000);
    clearInterval(timer);
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });
});
