import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';

describe('the contacts tab lists at start (after the first screen)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.resetModules();
    vi.doUnmock('../src/stores/contact-actions');
    vi.doUnmock('../src/stores/group-actions');
  });

  it('loads them once the first screen is shown, once for the login and the first sync together, and again when asked later', async () => {
    vi.useFakeTimers();
    const loadContacts = vi.fn(() => Promise.resolve());
    const loadGroups = vi.fn(() => Promise.resolve());
    // Beside the real lists' tests (contact-lists.test.ts): only when and how often they load.
    vi.doMock('../src/stores/contact-actions', () => ({ loadContacts }));
    vi.doMock('../src/stores/group-actions', () => ({ loadGroups }));
    const { loadContactListsSoon } = await import('../src/session/contact-lists-soon');
    const { useFirstScreenShown } = await import('../src/router/first-screen');
    function Screen({ ready }: { ready: boolean }) {
      useFirstScreenShown(ready);
      return null;
    }
    const { rerender } = render(<Screen ready={false} />);
    loadContactListsSoon(); // the login
    loadContactListsSoon(); // its first sync
    vi.advanceTimersByTime(5000);
    expect(loadContacts).not.toHaveBeenCalled();
    rerender(<Screen ready />);
    vi.advanceTimersByTime(1000);
    expect(loadContacts).toHaveBeenCalledTimes(1);
    expect(loadGroups).toHaveBeenCalledTimes(1);
    loadContactListsSoon(); // a later sync, after a reconnect
    vi.advanceTimersByTime(1000);
    expect(loadContacts).toHaveBeenCalledTimes(2);
    expect(loadGroups).toHaveBeenCalledTimes(2);
  });
});
