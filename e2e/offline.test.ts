import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Header, ImPath, singleConversationID } from '@im/protocol';
import type { Envelope, HistoryResp } from '@im/protocol';
import type { TestServer } from '@im/server/testing';
import {
  chat,
  chatList,
  eventually,
  makeFriends,
  openAs,
  openChatWith,
  registerByApi,
  sendText,
} from './support/messaging.ts';
import type { TestUser } from './support/messaging.ts';
import { goOffline } from './support/offline.ts';
import { waitForWorker } from './support/service-worker.ts';
import { useMessengerSuite } from './support/suite.ts';

/** Stored texts of a conversation, oldest first, as the server answers its history. */
async function storedTexts(server: TestServer, user: TestUser, conversationID: string): Promise<string[]> {
  const response = await fetch(`${server.url}/api${ImPath.getHistory}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [Header.operationID]: 'e2e-offline',
      [Header.token]: user.imToken,
    },
    body: JSON.stringify({ conversationID, count: 100 }),
  });
  const { data } = (await response.json()) as Envelope<HistoryResp>;
  return (data?.messages ?? []).flatMap((m) => (m.textElem ? [m.textElem.content] : []));
}

const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline' });

/**
 * Issue 14 "A phone app in the browser": the installed app opens without a network from its
 * service worker, shows the chats it has synced, and sends what was written offline once the
 * network is back — in order, once (docs/product.md#offline-reading).
 */
describe('the app without a network', () => {
  const suite = useMessengerSuite();

  it('is installable: a linked manifest with name, icons (maskable too), theme colour and start URL', async () => {
    const { server, browser } = suite;
    const a = await registerByApi(server, 'Ivy');
    const { context, page } = await openAs(browser, server, a);
    suite.contexts.push(context);
    await page.getByRole('navigation', { name: 'Main sections' }).waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href!);
    expect(manifest).toMatchObject({ name: 'Messenger', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const type = await page.evaluate(
        async (src) => (await fetch(src)).headers.get('content-type'),
        icon.src,
      );
      expect(type).toBe('image/png');
    }
    await waitForWorker(page);
    // The API is never answered by the worker: a call after install still reaches the server.
    const viaWorker = await page.evaluate(async () => {
      const response = await fetch('/api/third/does_not_exist', { method: 'POST' });
      return response.status;
    });
    expect(viaWorker).toBe(404);
  });

  it('opens offline with the synced list and chat, and sends what was written offline once, in order', async () => {
    const { server, browser } = suite;
    const [a, b] = await Promise.all([registerByApi(server, 'Ann'), registerByApi(server, 'Bob')]);
    await makeFriends(server, a, b);
    const sideA = await openAs(browser, server, a);
    suite.contexts.push(sideA.context);
    const pageA = sideA.page;
    await openChatWith(pageA, server, b);
    await sendText(pageA, 'Before the tunnel');
    await waitForWorker(pageA);

    // The train enters the tunnel: no network at all, and the app is opened again.
    const backOnline = await goOffline(sideA.context, pageA);
    await pageA.goto(`${server.url}/conversation`);
    await offlineBanner(pageA).waitFor();
    expect(await pageA.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await chatList(pageA).row('Bob').waitFor();
    await chatList(pageA).row('Bob').click();
    const { log, input } = chat(pageA);
    await log.getByText('Before the tunnel', { exact: true }).waitFor();

    // A reload of the chat itself, still offline: the same messages, from the device.
    await pageA.reload();
    await log.getByText('Before the tunnel', { exact: true }).waitFor();
    await offlineBanner(pageA).waitFor();

    // Two messages written offline stay pending.
    for (const text of ['Offline one', 'Offline two']) {
      await input.fill(text);
      await input.press('Enter');
      await eventually(() => input.inputValue()).toBe('');
    }
    await eventually(() => log.getByRole('status', { name: 'Sending' }).count()).toBe(2);
    expect(await log.getByText(/^Offline (one|two)$/).allTextContents()).toEqual([
      'Offline one',
      'Offline two',
    ]);
    const conversationID = singleConversationID(a.userID, b.userID);
    expect(await storedTexts(server, b, conversationID)).toEqual(['Before the tunnel']);

    // B's phone is online and in the chat; A's network comes back.
    const sideB = await openAs(browser, server, b);
    suite.contexts.push(sideB.context);
    await openChatWith(sideB.page, server, a);
    await backOnline();

    await eventually(() => log.getByRole('status', { name: 'Sending' }).count()).toBe(0);
    await offlineBanner(pageA).waitFor({ state: 'detached' });
    const logB = chat(sideB.page).log;
    await logB.getByText('Offline two', { exact: true }).waitFor();
    expect(await logB.getByText(/^(Before the tunnel|Offline one|Offline two)$/).allTextContents()).toEqual([
      'Before the tunnel',
      'Offline one',
      'Offline two',
    ]);
    expect(await storedTexts(server, b, conversationID)).toEqual([
      'Before the tunnel',
      'Offline one',
      'Offline two',
    ]);
  });
});
