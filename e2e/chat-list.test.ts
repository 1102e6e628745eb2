import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  chat,
  chatList,
  chatsTabBadge,
  eventually,
  makeFriends,
  openAs,
  openChatWith,
  registerByApi,
  rowNames,
  sendText,
} from './support/messaging.ts';
import type { TestUser } from './support/messaging.ts';
import { useMessengerSuite } from './support/suite.ts';

/** Issue "Messaging core": the conversation list of one user fed by two others. */
describe('the conversation list in the browser', () => {
  const suite = useMessengerSuite();

  /** Mia on her chats list; Leo and Zoe, her friends, each in a chat with her. */
  async function threeUsers() {
    const [mia, leo, zoe] = await Promise.all(
      ['Mia', 'Leo', 'Zoe'].map((name) => registerByApi(suite.server, name)),
    );
    await Promise.all([makeFriends(suite.server, leo, mia), makeFriends(suite.server, zoe, mia)]);
    const sides = await Promise.all([mia, leo, zoe].map((user) => openAs(suite.browser, suite.server, user)));
    suite.contexts.push(...sides.map((side) => side.context));
    const [pageMia, pageLeo, pageZoe] = sides.map((side) => side.page);
    await pageMia.getByRole('heading', { name: 'Chats', exact: true }).waitFor();
    await Promise.all([openChatWith(pageLeo, suite.server, mia), openChatWith(pageZoe, suite.server, mia)]);
    return { mia, leo, zoe, pageMia, pageLeo, pageZoe };
  }

  /** Sends and waits until the row on Mia's list shows it. */
  async function sendTo(pageMia: Page, from: { page: Page; user: TestUser }, text: string) {
    await sendText(from.page, text);
    await eventually(() => chatList(pageMia).row(from.user.nickname).textContent()).toContain(text);
  }

  it('counts unread on the row and the tab, and clears them when the chat is opened', async () => {
    const { leo, zoe, pageMia, pageLeo, pageZoe } = await threeUsers();
    const { item, row } = chatList(pageMia);
    for (const text of ['One', 'Two', 'Three']) await sendTo(pageMia, { page: pageLeo, user: leo }, text);
    await eventually(() => item(leo.nickname).getByLabel('3 unread').count()).toBe(1);
    expect(await item(leo.nickname).getByText('3', { exact: true }).count()).toBe(1);
    await eventually(() => chatsTabBadge(pageMia).textContent()).toBe('3');

    for (const text of ['Four', 'Five']) await sendTo(pageMia, { page: pageZoe, user: zoe }, text);
    await eventually(() => item(zoe.nickname).getByLabel('2 unread').count()).toBe(1);
    // The tab counts every chat.
    await eventually(() => chatsTabBadge(pageMia).textContent()).toBe('5');

    await row(leo.nickname).click();
    await chat(pageMia).log.getByText('Three', { exact: true }).waitFor();
    await pageMia.getByRole('button', { name: 'Back' }).click();
    await pageMia.waitForURL(/\/conversation$/);
    await eventually(() =>
      item(leo.nickname)
        .getByLabel(/unread/)
        .count(),
    ).toBe(0);
    expect(await item(zoe.nickname).getByLabel('2 unread').count()).toBe(1);
    await eventually(() => chatsTabBadge(pageMia).textContent()).toBe('2');

    // A message that comes while the chat is open is read at once: no badge comes back.
    await row(zoe.nickname).click();
    await chat(pageMia).log.getByText('Five', { exact: true }).waitFor();
    await sendText(pageZoe, 'Six');
    await chat(pageMia).log.getByText('Six', { exact: true }).waitFor();
    await pageMia.getByRole('button', { name: 'Back' }).click();
    await eventually(() =>
      item(zoe.nickname)
        .getByLabel(/unread/)
        .count(),
    ).toBe(0);
    await eventually(() => chatsTabBadge(pageMia).count()).toBe(0);

    // A reload asks the server again: still nothing unread.
    await pageMia.reload();
    await eventually(() => row(zoe.nickname).textContent()).toContain('Six');
    expect(
      await chatList(pageMia)
        .list.getByLabel(/unread/)
        .count(),
    ).toBe(0);
    expect(await chatsTabBadge(pageMia).count()).toBe(0);
  });

  it('clears a row by the swipe action "Mark as read" without opening it', async () => {
    const { leo, pageMia, pageLeo } = await threeUsers();
    const { item } = chatList(pageMia);
    for (const text of ['Ping', 'Ping again']) await sendTo(pageMia, { page: pageLeo, user: leo }, text);
    await eventually(() => item(leo.nickname).getByLabel('2 unread').count()).toBe(1);
    await eventually(() => chatsTabBadge(pageMia).textContent()).toBe('2');

    const markRead = item(leo.nickname).getByRole('button', { name: 'Mark as read' });
    await markRead.focus();
    await markRead.click();
    await eventually(() =>
      item(leo.nickname)
        .getByLabel(/unread/)
        .count(),
    ).toBe(0);
    await eventually(() => chatsTabBadge(pageMia).count()).toBe(0);
    expect(new URL(pageMia.url()).pathname).toBe('/conversation');
  });

  it('loads the swipe actions on keyboard focus, not on the tap that opens a chat', async () => {
    const { leo, pageMia, pageLeo } = await threeUsers();
    const { item, row } = chatList(pageMia);
    await sendTo(pageMia, { page: pageLeo, user: leo }, 'Hello');
    const markRead = item(leo.nickname).getByRole('button', { name: 'Mark as read' });
    // A tap focuses the row's link too; the swipe actions must not load then (they slowed the open
    // down). Checked within the few quiet seconds after the list shows, after which they load unasked.
    await pageMia.reload();
    await row(leo.nickname).click();
    await chat(pageMia).log.getByText('Hello', { exact: true }).waitFor();
    await pageMia.getByRole('button', { name: 'Back' }).click();
    await pageMia.waitForURL(/\/conversation$/);
    expect(await markRead.count()).toBe(0);
    // From the keyboard, focus on the list asks for them at once.
    await row(leo.nickname).focus();
    await pageMia.keyboard.press('Shift+Tab');
    await pageMia.keyboard.press('Tab');
    await markRead.waitFor({ state: 'attached', timeout: 2000 });
  });

  it('moves a pinned chat to the top and keeps it there; unpinning in the chat settings puts it back', async () => {
    const { leo, zoe, pageMia, pageLeo, pageZoe } = await threeUsers();
    await sendTo(pageMia, { page: pageLeo, user: leo }, 'From Leo');
    await sendTo(pageMia, { page: pageZoe, user: zoe }, 'From Zoe');
    // Newest first: Zoe wrote last.
    await eventually(() => rowNames(pageMia)).toEqual([zoe.nickname, leo.nickname]);

    const { item } = chatList(pageMia);
    const pin = item(leo.nickname).getByRole('button', { name: 'Pin', exact: true });
    await pin.focus();
    await pin.click();
    await eventually(() => rowNames(pageMia)).toEqual([leo.nickname, zoe.nickname]);
    await item(leo.nickname)
      .getByRole('button', { name: 'Unpin', exact: true })
      .waitFor({ state: 'attached' });

    // A newer message from Zoe does not move her above the pinned chat.
    await sendTo(pageMia, { page: pageZoe, user: zoe }, 'Zoe again');
    expect(await rowNames(pageMia)).toEqual([leo.nickname, zoe.nickname]);
    // The pin is kept by the server: a reload shows the same order.
    await pageMia.reload();
    await eventually(() => rowNames(pageMia)).toEqual([leo.nickname, zoe.nickname]);

    await chatList(pageMia).row(leo.nickname).click();
    await pageMia.getByRole('button', { name: 'Chat settings' }).click();
    await pageMia.waitForURL(/\/singleSetting/);
    const pinSwitch = pageMia.getByRole('switch', { name: 'Pin chat' });
    await eventually(() => pinSwitch.getAttribute('aria-checked')).toBe('true');
    await pinSwitch.click();
    await eventually(() => pinSwitch.getAttribute('aria-checked')).toBe('false');

    await pageMia.getByRole('button', { name: 'Back' }).click();
    await pageMia.getByRole('heading', { name: leo.nickname, exact: true }).waitFor();
    await pageMia.getByRole('button', { name: 'Back' }).click();
    await pageMia.waitForURL(/\/conversation$/);
    await eventually(() => rowNames(pageMia)).toEqual([zoe.nickname, leo.nickname]);
    await item(leo.nickname).getByRole('button', { name: 'Pin', exact: true }).waitFor({ state: 'attached' });
  });
});
