import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RootOptions } from 'react-dom/client';
import { initI18n, loadWholeCatalogue } from '../src/i18n';
import { warmChatCode } from '../src/pages/chat/chat-warmup';
import { im } from '../src/sdk/im';

const idle = (task: () => void) => void setTimeout(task);

/** What the warm-up's roots showed, and their elements, recorded as they are created. */
const warm = vi.hoisted(() => ({
  containers: [] as HTMLElement[],
  seen: [] as string[],
  /** Idle periods asked for, link searches and roots created, in order. */
  steps: [] as string[],
}));
vi.mock('../src/utils/linkify', async (importOriginal) => {
  const linkify = await importOriginal<typeof import('../src/utils/linkify')>();
  return {
    ...linkify,
    splitLinks: (text: string) => {
      warm.steps.push('link search');
      return linkify.splitLinks(text);
    },
  };
});
vi.mock('react-dom/client', async (importOriginal) => {
  const client = await importOriginal<typeof import('react-dom/client')>();
  return {
    ...client,
    createRoot: (container: HTMLElement, options?: RootOptions) => {
      warm.containers.push(container);
      warm.steps.push('stage');
      new MutationObserver(() => {
        for (const row of container.querySelectorAll('[data-message-id]'))
          warm.seen.push(row.textContent ?? '');
        if (container.querySelector('textarea')) warm.seen.push('composer');
        if (container.querySelector('[role="log"]')) warm.seen.push('the list');
        if (container.isConnected && container.getAttribute('aria-hidden') === 'true' && container.inert)
          warm.seen.push('unseen on the page');
      }).observe(container, { childList: true, subtree: true });
      return client.createRoot(container, options);
    },
  };
});

describe('the chat warm-up (docs/decisions.md#first-screen)', () => {
  beforeAll(async () => {
    await initI18n();
    await loadWholeCatalogue();
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders the history, sample rows and the composer unseen on the page, then removes them', async () => {
    warm.containers.length = 0;
    const clicks = vi.fn();
    document.addEventListener('click', clicks);
    await warmChatCode(idle);
    document.removeEventListener('click', clicks);

    expect(warm.seen).toContain('composer');
    expect(warm.seen).toContain('the list');
    expect(warm.seen).toContain('unseen on the page');
    // Its click, for React's event paths, stays in the warm-up's element.
    expect(clicks).not.toHaveBeenCalled();
    expect(warm.seen.some((text) => text.includes('warmup-peer 2'))).toBe(true);
    expect(warm.containers).toHaveLength(4);
    for (const root of warm.containers) {
      expect(root.isConnected).toBe(false);
      expect(root.childElementCount).toBe(0);
    }
    expect(document.body.childElementCount).toBe(0);
  });

  it('compiles the link search in an idle period of its own, before the first stage', async () => {
    warm.steps.length = 0;
    await warmChatCode((task) => {
      warm.steps.push('idle');
      setTimeout(task);
    });
    // linkify-it's patterns compile on their first search (12–50 ms): not in the rows' stage.
    expect(warm.steps.slice(0, 4)).toEqual(['idle', 'link search', 'idle', 'stage']);
    expect(warm.steps.filter((step) => step === 'idle')).toHaveLength(5);
  });

  it('runs the chat screen hidden, so nothing of a real chat happens', async () => {
    const open = vi.spyOn(im.messages, 'openTimeline');
    const read = vi.spyOn(im.messages, 'markConversationMessageAsRead');
    const navigate = vi.spyOn(window.history, 'pushState');
    // The screen renders: it asks for the signed-in user, as an open chat does.
    const session = vi.spyOn(im.session, 'get');
    await warmChatCode(idle);
    expect(session).toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
