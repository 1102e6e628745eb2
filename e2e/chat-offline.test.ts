import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPhoneContext } from './support/browser.ts';
import { logInThroughScreens } from './support/journey.ts';
import {
  chat,
  chatList,
  eventually,
  chatsTabBadge,
  makeFriends,
  openAs,
  openChatWith,
  registerByApi,
  sendText,
} from './support/messaging.ts';
import type { TestUser } from './support/messaging.ts';
import { useMessengerSuite } from './support/suite.ts';

const COUNT = 30;
const texts = Array.from({ length: COUNT }, (_, i) => `Message ${i + 1}`);
const numbered = /^Message \d+$/;

/** The numbers of the numbered messages the log renders now, top to bottom. */
async function renderedNumbers(page: Page): Promise<number[]> {
  const shown = await chat(page).log.getByText(numbered).allTextContents();
  return shown.map((text) => Number(text.slice('Message '.length)));
}

/**
 * Flicks the log up by less than a screen until the top message shown is older than `top`. A flick
 * made while the list still settles at the bottom (it measures the rows it just drew) may be taken
 * back, as on a phone; the person then flicks again.
 */
async function scrollUp(page: Page, top: number): Promise<void> {
  const { log } = chat(page);
  for (let attempt = 1; ; attempt += 1) {
    await log.hover();
    await page.mouse.wheel(0, -300);
    try {
      await expect.poll(async () => (await renderedNumbers(page))[0], { timeout: 3_000 }).toBeLessThan(top);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Reads the whole (virtualised) history from the bottom up, a little less than a screen at a time,
 * as a person scrolling back would. Every view must be consecutive numbers in order (a duplicate or
 * a message out of place breaks that), the first view must end at the newest and the last start at
 * the first; together the views hold every message. Returns the numbers seen, in order.
 */
async function readHistoryUpwards(page: Page): Promise<number[]> {
  const { log } = chat(page);
  await eventually(async () => (await renderedNumbers(page)).at(-1)).toBe(COUNT);
  const seen = new Set<number>();
  for (let step = 0; step < 40; step += 1) {
    const view = await renderedNumbers(page);
    expect(view.length).toBeGreaterThan(0);
    expect(view).toEqual(view.map((_, i) => view[0] + i));
    view.forEach((n) => seen.add(n));
    if (view[0] === 1) break;
    await scrollUp(page, view[0]);
  }
  await log.getByText('No earlier messages').waitFor();
  return [...seen].sort((x, y) => x - y);
}

/** Issue "Messaging core": messages sent while the peer is away arrive once and in order. */
describe('messages sent while the peer is offline', () => {
  const suite = useMessengerSuite();

  /** A and B chat once, then B's phone goes away (closed by `leave`) and A sends COUNT messages. */
  async function sendWhileAway(leave: (b: { context: BrowserContext; page: Page }) => Promise<void>) {
    const [a, b] = await Promise.all([
      registerByApi(suite.server, 'Ann'),
      registerByApi(suite.server, 'Bob'),
    ]);
    await makeFriends(suite.server, a, b);
    const sideA = await openAs(suite.browser, suite.server, a);
    const sideB = await openAs(suite.browser, suite.server, b);
    suite.contexts.push(sideA.context, sideB.context);
    await openChatWith(sideA.page, suite.server, b);
    await openChatWith(sideB.page, suite.server, a);
    await sendText(sideB.page, 'See you later');
    await chat(sideA.page).log.getByText('See you later', { exact: true }).waitFor();

    await leave(sideB);
    for (const text of texts) await sendText(sideA.page, text);
    expect(await renderedNumbers(sideA.page)).toContain(COUNT);
    return { a, b, pageA: sideA.page, contextB: sideB.context };
  }

  /** B back on the list: one row for A with the newest message, 30 unread on the row and the tab. */
  async function expectWaitingOnList(page: Page, a: TestUser) {
    const { row, item } = chatList(page);
    await eventually(() => row(a.nickname).textContent()).toContain(`Message ${COUNT}`);
    await eventually(() => item(a.nickname).getByLabel(`${COUNT} unread`).count()).toBe(1);
    expect(await item(a.nickname).getByText(String(COUNT), { exact: true }).count()).toBe(1);
    await eventually(() => chatsTabBadge(page).textContent()).toBe(String(COUNT));
    expect(await chatList(page).list.getByRole('listitem').count()).toBe(1);
  }

  /** Opening the chat shows the whole history once and in order, and reads it. */
  async function expectWholeHistory(page: Page, a: TestUser) {
    await chatList(page).row(a.nickname).click();
    await page.getByRole('heading', { name: a.nickname, exact: true }).waitFor();
    expect(await readHistoryUpwards(page)).toEqual(texts.map((_, i) => i + 1));
    // B's own message is above Message 1, which may have been the last view's top row with nothing
    // above it drawn yet (the list draws only what is on screen): the reader scrolls to the very top.
    const { log } = chat(page);
    await log.hover();
    await page.mouse.wheel(0, -1_000);
    await eventually(() => log.getByText('See you later', { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/conversation$/);
    await eventually(() =>
      chatList(page)
        .item(a.nickname)
        .getByLabel(/unread/)
        .count(),
    ).toBe(0);
    await eventually(() => chatsTabBadge(page).count()).toBe(0);
  }

  it('delivers them to a new device that logs in: all 30, once, in order', async () => {
    const { a, b } = await sendWhileAway(({ context }) => context.close());
    const context = await newPhoneContext(suite.browser);
    suite.contexts.push(context);
    const page = await context.newPage();
    await logInThroughScreens(page, suite.server.url, b.email, b.password);
    await page.waitForURL(/\/conversation$/);
    await expectWaitingOnList(page, a);
    await expectWholeHistory(page, a);
  });

  it('delivers them to the same browser when it comes back: all 30, once, in order', async () => {
    const { a, contextB } = await sendWhileAway(({ page }) => page.close());
    const page = await contextB.newPage();
    await page.goto(`${suite.server.url}/conversation`);
    await expectWaitingOnList(page, a);
    await expectWholeHistory(page, a);
  });
});
