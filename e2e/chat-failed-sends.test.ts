import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { Header, ImPath, singleConversationID } from '@im/protocol';
import type { Envelope, HistoryResp } from '@im/protocol';
import { buildApp } from '@im/server';
import type { TestServer } from '@im/server/testing';
import { launchChromium } from './support/browser.ts';
import { chat, eventually, makeFriends, openAs, openChatWith, registerByApi } from './support/messaging.ts';
import type { TestUser } from './support/messaging.ts';
import { startMessenger } from './support/server.ts';
import { serveWebOnly } from './support/web-only.ts';

/**
 * The sdk's default send deadline (60 s, DEFAULT_SEND_DEADLINE_MS): the phone's clock is moved past it
 * (Playwright's clock, as a phone put down for a minute), so the test does not sit out a minute of real
 * time; the outbox's own timers decide the rest.
 */
const PAST_DEADLINE_MS = 61_000;
const FAILS_WITHIN = 30_000;
const texts = ['Offline 1', 'Offline 2', 'Offline 3'];
const offlineText = /^Offline \d$/;

/** The row of one message in the (virtualised) log: its bubble and, for an own one, its state. */
function row(page: Page, text: string): Locator {
  return chat(page)
    .log.locator('[data-item-index]')
    .filter({ has: page.getByText(text, { exact: true }) });
}
const sending = (r: Locator) => r.getByRole('status', { name: 'Sending' });
const resendOf = (r: Locator) => r.getByRole('button', { name: 'Resend' });

/** Stored text messages of a conversation, as the server answers B's history. */
async function storedTexts(url: string, user: TestUser, conversationID: string): Promise<string[]> {
  const response = await fetch(`${url}/api${ImPath.getHistory}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [Header.operationID]: 'e2e-h',
      [Header.token]: user.imToken,
    },
    body: JSON.stringify({ conversationID, count: 100 }),
  });
  const { data } = (await response.json()) as Envelope<HistoryResp>;
  return (data?.messages ?? []).flatMap((m) => (m.textElem ? [m.textElem.content] : []));
}

/**
 * Issue 8 "Seams": messages sent while the messaging server is down show as sending, then failed;
 * they outlive a reload (the sdk keeps them in IndexedDB); once the server is back, a resend stores
 * the message once and a deleted one is never sent.
 */
describe('sends while the server is down', () => {
  let server: TestServer;
  let restarted: Awaited<ReturnType<typeof buildApp>> | undefined;
  let webOnly: { close: () => Promise<void> } | undefined;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startMessenger();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await webOnly?.close();
    await restarted?.close();
    // The first instance is closed already when it was restarted; its data folder goes last.
    if (restarted) rmSync(server.config.DATA_DIR, { recursive: true, force: true });
    else await server?.close();
  });

  it('keeps failed sends across a reload; a resend arrives once, a deleted one never', async () => {
    const [a, b] = [await registerByApi(server, 'Ann'), await registerByApi(server, 'Bob')];
    await makeFriends(server, a, b);
    const sideA = await openAs(browser, server, a);
    contexts.push(sideA.context);
    const pageA = sideA.page;
    await openChatWith(pageA, server, b);
    const { log, input } = chat(pageA);

    // The messaging server stops: its API and gateway are gone (the data stays on disk).
    const port = Number(new URL(server.url).port);
    await server.app.close();
    // From here the page's timers run on a clock the test can move forward (time still flows).
    await sideA.context.clock.install();

    for (const text of texts) {
      await input.fill(text);
      await input.press('Enter');
      await eventually(() => input.inputValue()).toBe('');
    }
    for (const text of texts) await sending(row(pageA, text)).waitFor();
    expect(await log.getByText(offlineText).allTextContents()).toEqual(texts);
    expect(await log.getByRole('button', { name: 'Resend' }).count()).toBe(0);
    // A minute passes: the outbox gives up at its deadline, each is failed, with a resend control.
    await sideA.context.clock.fastForward(PAST_DEADLINE_MS);
    await expect
      .poll(() => log.getByRole('button', { name: 'Resend' }).count(), {
        timeout: FAILS_WITHIN,
        interval: 500,
      })
      .toBe(3);
    expect(await log.getByRole('status', { name: 'Sending' }).count()).toBe(0);
    for (const text of texts) await resendOf(row(pageA, text)).waitFor();

    // A reload while the server is still down: only the web client is served, nothing answers calls.
    webOnly = await serveWebOnly(port);
    await pageA.reload();
    await pageA.waitForURL(/\/chat\?/);
    await log.waitFor();
    for (const text of texts) await resendOf(row(pageA, text)).waitFor();
    expect(await log.getByText(offlineText).allTextContents()).toEqual(texts);
    expect(await log.getByRole('status', { name: 'Sending' }).count()).toBe(0);

    // The server comes back on the same address and data; the phone's network says it is online.
    await webOnly.close();
    webOnly = undefined;
    restarted = await buildApp(server.config);
    await restarted.listen({ port, host: '127.0.0.1' });
    await sideA.context.setOffline(true);
    await sideA.context.setOffline(false);

    // A resends the second and deletes the first.
    await resendOf(row(pageA, 'Offline 2')).click();
    // Stored: neither sending nor failed any more.
    await expect
      .poll(
        async () =>
          (await sending(row(pageA, 'Offline 2')).count()) +
          (await resendOf(row(pageA, 'Offline 2')).count()),
        {
          timeout: 45_000,
          interval: 250,
        },
      )
      .toBe(0);
    await log.getByText('Offline 1', { exact: true }).click({ delay: 700 });
    const menu = pageA.getByRole('menu', { name: 'Message actions' });
    await menu.waitFor();
    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    await eventually(() => log.getByText('Offline 1', { exact: true }).count()).toBe(0);
    // The resent one is stored now, so it reads before the one still failed.
    expect(await log.getByText(offlineText).allTextContents()).toEqual(['Offline 2', 'Offline 3']);
    await resendOf(row(pageA, 'Offline 3')).waitFor();

    // B opens the chat: the resent message once, nothing of the others.
    const sideB = await openAs(browser, server, b);
    contexts.push(sideB.context);
    await openChatWith(sideB.page, server, a);
    const logB = chat(sideB.page).log;
    await logB.getByText('Offline 2', { exact: true }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await logB.getByText(offlineText).allTextContents()).toEqual(['Offline 2']);
    expect(await storedTexts(server.url, b, singleConversationID(a.userID, b.userID))).toEqual(['Offline 2']);
  }, 240_000);
});
