import { expect } from 'vitest';
import { FriendPath, Header, HandleResult, StorageKey } from '@im/protocol';
import type { Envelope, LoginResp } from '@im/protocol';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { TestServer } from '@im/server/testing';
import { newPhoneContext } from './browser.ts';
import { SUPER_CODE } from './server.ts';

export interface TestUser extends LoginResp {
  email: string;
  password: string;
  nickname: string;
}

/**
 * expect.poll with the patience of the browser steps (15 s, as the contexts' default timeout);
 * vitest's own default of 1 s is too short on a busy two-core machine.
 */
export function eventually<T>(actual: () => T) {
  return expect.poll(actual, { timeout: 15_000, interval: 100 });
}

let serial = 0;

/** A new account made through the HTTP API (fast); its answer is a live session on platform 5. */
export async function registerByApi(server: TestServer, nickname: string): Promise<TestUser> {
  serial += 1;
  const email = `${nickname.toLowerCase()}-${Date.now()}-${serial}@example.com`;
  const password = 'abc12345';
  const response = await fetch(`${server.url}/chat/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [Header.operationID]: `e2e-${serial}` },
    body: JSON.stringify({ verifyCode: SUPER_CODE, platform: 5, user: { email, password, nickname } }),
  });
  const body = (await response.json()) as { errCode?: number; errMsg?: string; data?: LoginResp };
  if (!body.data?.imToken) throw new Error(`register ${email} failed: ${JSON.stringify(body)}`);
  return { ...body.data, email, password, nickname };
}

/** POSTs to the IM API (/api) as `user`; the HTTP status and the envelope. */
export async function imApi(server: TestServer, user: TestUser, path: string, body: unknown) {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [Header.operationID]: `e2e-${Date.now()}-${Math.random()}`,
      [Header.token]: user.imToken,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, envelope: (await response.json()) as Envelope<unknown> };
}

/**
 * Makes two users friends through the IM API (`a` applies, `b` accepts), so they may message each
 * other (one-to-one messages go between friends only).
 */
export async function makeFriends(server: TestServer, a: TestUser, b: TestUser): Promise<void> {
  const applied = await imApi(server, a, FriendPath.addFriend, { toUserID: b.userID, reqMsg: 'hi' });
  if (applied.envelope.errCode !== 0) throw new Error(`add_friend: ${JSON.stringify(applied.envelope)}`);
  const accepted = await imApi(server, b, FriendPath.respondFriendApplication, {
    fromUserID: a.userID,
    handleResult: HandleResult.Approved,
  });
  if (accepted.envelope.errCode !== 0)
    throw new Error(`add_friend_response: ${JSON.stringify(accepted.envelope)}`);
}

/**
 * A phone context that already holds the user's session (the registration's tokens, as the app
 * keeps them after a login), seeded once before the first page load so that a later logout or
 * kick is not undone by the next navigation. Opens `path` and returns the page.
 */
export async function openAs(
  browser: Browser,
  server: TestServer,
  user: TestUser,
  path = '/conversation',
  locale = 'en-US',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newPhoneContext(browser, locale);
  await context.addInitScript(
    ({ keys, session }) => {
      if (localStorage.getItem('E2E_SEEDED')) return;
      localStorage.setItem(keys.IM_USERID, session.userID);
      localStorage.setItem(keys.IM_TOKEN, session.imToken);
      localStorage.setItem(keys.IM_CHAT_TOKEN, session.chatToken);
      localStorage.setItem('E2E_SEEDED', '1');
    },
    {
      keys: StorageKey,
      session: { userID: user.userID, imToken: user.imToken, chatToken: user.chatToken },
    },
  );
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return { context, page };
}

/** The shown chat's parts, as a person finds them. */
export function chat(page: Page) {
  return {
    log: page.getByRole('log', { name: 'Messages' }),
    input: page.getByRole('textbox', { name: 'Message' }),
    send: page.getByRole('button', { name: 'Send' }),
  };
}

/** Opens the one-to-one chat with `peer` by its URL (the contacts screens come later). */
export async function openChatWith(page: Page, server: TestServer, peer: TestUser): Promise<void> {
  await page.goto(`${server.url}/chat?userID=${peer.userID}`);
  await page.getByRole('heading', { name: peer.nickname, exact: true }).waitFor();
  await chat(page).log.waitFor();
}

/** Types a message and sends it with Enter, then waits until it is stored (no 'Sending' mark left). */
export async function sendText(page: Page, text: string): Promise<void> {
  const { log, input } = chat(page);
  await input.fill(text);
  await input.press('Enter');
  await eventually(() => input.inputValue()).toBe('');
  await log.getByText(text, { exact: true }).last().waitFor();
  await eventually(() => log.getByRole('status', { name: 'Sending' }).count()).toBe(0);
}

/** The conversation list of the Chats tab and one of its rows. */
export function chatList(page: Page) {
  const list = page.getByRole('list', { name: 'Chats' });
  return {
    list,
    item: (name: string) => list.getByRole('listitem', { name, exact: true }),
    // The row's link is named by all it shows; its list item by the conversation's name alone.
    row: (name: string) => list.getByRole('listitem', { name, exact: true }).getByRole('link'),
  };
}

/** The names of the rows, top to bottom. */
export function rowNames(page: Page): Promise<string[]> {
  return chatList(page)
    .list.getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
}

/** The unread count the tab bar shows on the Chats tab ('' when there is no badge). */
export function chatsTabBadge(page: Page): Locator {
  return page
    .getByRole('navigation', { name: 'Main sections' })
    .locator('.adm-tab-bar-item')
    .filter({ has: page.getByRole('link', { name: 'Chats' }) })
    .locator('.adm-badge-content');
}
