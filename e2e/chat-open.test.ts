import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedHistory } from '../bench/chat-open/seed-history.ts';
import { chat, chatList, makeFriends, openAs, registerByApi } from './support/messaging.ts';
import { useMessengerSuite } from './support/suite.ts';

const STORED = 60;

/** Records the texts of the first message rows the chat's log draws, in the page, from now on. */
function recordFirstRows(page: Page): Promise<void> {
  return page.evaluate(() => {
    const seen = window as unknown as { firstRows?: string[] };
    const observer = new MutationObserver(() => {
      // The chat's log, not the unseen one of the chat warm-up, which may still run.
      const rows = document.querySelectorAll('[role="log"]:not([aria-hidden="true"] *) [data-message-id]');
      if (rows.length === 0) return;
      seen.firstRows = Array.from(rows, (row) => row.textContent ?? '');
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * A chat opens at its newest message (docs/decisions.md#first-screen): the first rows its list
 * draws already hold that message, so it shows in the frame they are measured in, rather than
 * after the list has drawn the oldest rows of its first page and scrolled past them.
 */
describe('opening a long chat', () => {
  const suite = useMessengerSuite();

  it('draws the newest message among its first rows', async () => {
    const [ann, bob] = await Promise.all([
      registerByApi(suite.server, 'Ann'),
      registerByApi(suite.server, 'Bob'),
    ]);
    await makeFriends(suite.server, ann, bob);
    await seedHistory(suite.server, ann, bob, STORED);
    const { context, page } = await openAs(suite.browser, suite.server, bob);
    suite.contexts.push(context);
    const { row, list } = chatList(page);
    await list.getByText(`Message ${STORED}`).waitFor();

    await recordFirstRows(page);
    await row('Ann').click();
    const { log } = chat(page);
    await expect.poll(() => log.getByText(`Message ${STORED}`, { exact: true }).isVisible()).toBe(true);
    const firstRows = await page.evaluate(() => (window as unknown as { firstRows?: string[] }).firstRows);
    expect(firstRows?.some((text) => text.includes(`Message ${STORED}`))).toBe(true);
  });
});
