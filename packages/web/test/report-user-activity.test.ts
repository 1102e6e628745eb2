import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportUserActivity } from '../src/pwa/report-user-activity';
import { USER_ACTIVE_MESSAGE } from '../src/sw/precache-pace';

function registrationWith(installing: { postMessage: (message: unknown) => void } | null) {
  return { installing } as unknown as ServiceWorkerRegistration;
}

const press = () => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));

describe('the page tells an installing worker when its user is busy (docs/decisions.md#first-screen)', () => {
  afterEach(() => vi.useRealTimers());

  it('posts a press, a key and a scroll to the installing worker, at most one every 250 ms', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const postMessage = vi.fn();
    reportUserActivity(registrationWith({ postMessage }));
    press();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenCalledWith({ type: USER_ACTIVE_MESSAGE });
    vi.advanceTimersByTime(300);
    document.body.dispatchEvent(new WheelEvent('wheel', { bubbles: true }));
    expect(postMessage).toHaveBeenCalledTimes(2);
  });

  it('posts nothing once no worker installs', () => {
    const registration = { installing: null as { postMessage: () => void } | null };
    const postMessage = vi.fn();
    reportUserActivity(registration as unknown as ServiceWorkerRegistration);
    press();
    registration.installing = { postMessage };
    expect(postMessage).not.toHaveBeenCalled();
  });
});
