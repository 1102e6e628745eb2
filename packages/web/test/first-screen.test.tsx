import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';

describe('work deferred until the first screen is shown', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.resetModules();
  });

  it('runs each task on its own once the first screen is shown, so one failing task stops no other', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen, useFirstScreenShown } = await import('../src/router/first-screen');
    const ran: string[] = [];
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      errors.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    afterFirstScreen(() => ran.push('catalogue'));
    afterFirstScreen(() => {
      throw new Error('prefetch failed');
    });
    afterFirstScreen(() => ran.push('notifications'));
    function Screen({ ready }: { ready: boolean }) {
      useFirstScreenShown(ready);
      return null;
    }
    const { rerender } = render(<Screen ready={false} />);
    vi.advanceTimersByTime(5000);
    expect(ran).toEqual([]);
    rerender(<Screen ready />);
    try {
      vi.advanceTimersByTime(5000);
    } catch (error) {
      errors.push(error);
    }
    window.removeEventListener('error', onError);
    expect(ran).toEqual(['catalogue', 'notifications']);
    expect(errors).toHaveLength(1);
  });
});
