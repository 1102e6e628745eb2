import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../src/utils/after-next-paint';

describe('afterNextPaint (utils/after-next-paint.ts)', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
  });
  afterEach(() => vi.useRealTimers());

  it('runs the task after the next frame, not before, and not once cancelled', () => {
    const ran: string[] = [];
    afterNextPaint(() => ran.push('kept'));
    const cancel = afterNextPaint(() => ran.push('cancelled'));
    cancel();
    vi.advanceTimersByTime(0);
    expect(ran).toEqual([]); // no frame yet
    vi.advanceTimersByTime(20);
    expect(ran).toEqual(['kept']);
  });

  it('can be cancelled after its frame, before its task', () => {
    const ran: string[] = [];
    const cancel = afterNextPaint(() => ran.push('late'));
    vi.advanceTimersToNextTimer(); // the frame: it posts the task
    expect(vi.getTimerCount()).toBe(1);
    cancel();
    vi.advanceTimersByTime(20);
    expect(ran).toEqual([]);
  });
});
