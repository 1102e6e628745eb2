import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../src/utils/after-next-paint';

describe('afterNextPaint (utils/after-next-paint.ts)', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

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

  it('waits, after the frame, for an idle moment where it has one', () => {
    const idle: Array<() => void> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const ran: string[] = [];
    afterNextPaint(() => ran.push('idle'));
    const cancel = afterNextPaint(() => ran.push('cancelled'));
    vi.advanceTimersByTime(20);
    expect(ran).toEqual([]); // painted, not idle yet
    cancel();
    expect(cancelled).toEqual([2]);
    idle[0]();
    expect(ran).toEqual(['idle']);
  });
});
