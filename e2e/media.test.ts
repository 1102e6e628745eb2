import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ContentType, Header, ImPath, singleConversationID } from '@im/protocol';
import type { Envelope, HistoryResp } from '@im/protocol';
import { buildApp } from '@im/server';
import type { TestServer } from '@im/server/testing';
import { launchChromium } from './support/browser.ts';
import { drawPng, holdToTalk, pickFile, recordWebm, sha256 } from './support/media.ts';
import { chat, eventually, makeFriends, openAs, openChatWith, registerByApi } from './support/messaging.ts';
import type { TestUser } from './support/messaging.ts';
import { startMessenger } from './support/server.ts';
import { fingerTap } from './support/touch.ts';

/** The stored messages of a conversation of a given type, as the server answers `user`'s history. */
async function stored(url: string, user: TestUser, conversationID: string, contentType: number) {
  const response = await fetch(`${url}/api${ImPath.getHistory}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [Header.operationID]: 'e2e-m',
      [Header.token]: user.imToken,
    },
    body: JSON.stringify({ conversationID, count: 100 }),
  });
  const { data } = (await response.json()) as Envelope<HistoryResp>;
  return (data?.messages ?? []).filter((m) => m.contentType === contentType);
}

/** Two phones, A and B, friends, each in the chat with the other. */
async function twoPhones(browser: Browser, server: TestServer, contexts: BrowserContext[]) {
  const [a, b] = [await registerByApi(server, 'Ann'), await registerByApi(server, 'Bob')];
  await makeFriends(server, a, b);
  const sideA = await openAs(browser, server, a);
  const sideB = await openAs(browser, server, b);
  contexts.push(sideA.context, sideB.context);
  await openChatWith(sideA.page, server, b);
  await openChatWith(sideB.page, server, a);
  return { a, b, pageA: sideA.page, pageB: sideB.page, contextA: sideA.context };
}

const noUploadLeft = (page: Page) =>
  eventually(() => chat(page).log.getByRole('progressbar').count()).toBe(0);

/** Issue 10 "Rich messages": pictures, files, voice and video between two phones. */
describe('media messages between two phones', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let phones: Awaited<ReturnType<typeof twoPhones>>;

  beforeAll(async () => {
    server = await startMessenger();
    browser = await launchChromium({ calls: true });
    phones = await twoPhones(browser, server, contexts);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.close();
  });

  it('a picture: B sees the thumbnail at its size, then the full picture in the viewer', async () => {
    const { pageA, pageB } = phones;
    const png = await drawPng(pageA, 800, 600);
    await pickFile(pageA, 'Photo', { name: 'lake.png', mimeType: 'image/png', buffer: png });
    await noUploadLeft(pageA);

    const logB = chat(pageB).log;
    const open = logB.getByRole('button', { name: 'Open picture' });
    await open.waitFor();
    // Its size is known before the picture loads: 800×600 fits a 200 px bubble as 200×150.
    const box = await open.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([200, 150]);
    const thumb = open.getByAltText('Picture');
    await eventually(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
      480,
    );

    await open.click();
    // The viewer's mask hides the page below it from the accessibility tree, its footer included.
    const save = pageB.getByText('Save picture', { exact: true });
    await save.waitFor();
    const full = await save.getAttribute('href');
    expect(full).not.toBe(await thumb.getAttribute('src'));
    const fullImage = pageB.locator(`img[src="${full}"]`).first();
    await eventually(() =>
      fullImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBe(800);
    await fingerTap(pageB, 195, 400); // the viewer closes on a tap
    await eventually(() => save.count()).toBe(0);
  }, 90_000);

  it('a 3 MiB file: B downloads it with its name and the same bytes', async () => {
    const { pageA, pageB } = phones;
    const bytes = randomBytes(3 * 1024 * 1024);
    await pickFile(pageA, 'File', {
      name: 'report 2026.bin',
      mimeType: 'application/octet-stream',
      buffer: bytes,
    });
    await noUploadLeft(pageA);
    const logB = chat(pageB).log;
    await logB.getByText('report 2026.bin').waitFor();
    await logB.getByText('3 MB').waitFor();
    const [download] = await Promise.all([
      pageB.waitForEvent('download'),
      logB.getByRole('link', { name: 'Download report 2026.bin' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('report 2026.bin');
    const saved = await readFile((await download.path())!);
    expect(sha256(saved)).toBe(sha256(bytes));
  }, 90_000);

  it('voice: 3 s arrive as a 3″ bubble that B plays, then marked played; under 1 s is refused', async () => {
    const { pageA, pageB, a, b } = phones;
    await holdToTalk(pageA, 3400);
    await noUploadLeft(pageA);
    const logB = chat(pageB).log;
    const play = logB.getByRole('button', { name: 'Play voice message, 3 seconds' });
    await play.waitFor();
    await expect(play.textContent()).resolves.toContain('3″');
    await logB.getByRole('img', { name: 'Not played yet' }).waitFor();
    await play.click();
    await logB.getByRole('img', { name: 'Played' }).waitFor();
    // It plays to its end (the pause control shows while it plays, then the play control again).
    await eventually(() => logB.getByRole('button', { name: 'Play voice message, 3 seconds' }).count()).toBe(
      1,
    );
    expect(await logB.getByRole('img', { name: 'Not played yet' }).count()).toBe(0);

    // Under a second: the text, and nothing sent.
    await holdToTalk(pageA, 300);
    await pageA.getByText('recording time too short').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const conversationID = singleConversationID(a.userID, b.userID);
    expect(await stored(server.url, b, conversationID, ContentType.Voice)).toHaveLength(1);
    expect(
      await chat(pageA)
        .log.getByRole('button', { name: /^Play voice message/ })
        .count(),
    ).toBe(1);
  }, 90_000);

  it('a short generated WebM video plays on B’s side', async () => {
    const { pageA, pageB } = phones;
    const webm = await recordWebm(pageA, 2000);
    if (await pageA.getByRole('button', { name: 'Keyboard input' }).isVisible())
      await pageA.getByRole('button', { name: 'Keyboard input' }).click();
    await pickFile(pageA, 'Video', { name: 'clip.webm', mimeType: 'video/webm', buffer: webm });
    await noUploadLeft(pageA);
    const video = chat(pageB).log.getByLabel(/^Video, 0:0[12]$/);
    await video.waitFor();
    expect(await video.getAttribute('poster')).toMatch(/^\/api\/object\//);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await eventually(() => video.evaluate((element: HTMLVideoElement) => element.currentTime > 0.5)).toBe(
      true,
    );
  }, 90_000);
});

describe('an upload cut off mid-way', () => {
  let server: TestServer;
  let restarted: Awaited<ReturnType<typeof buildApp>> | undefined;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startMessenger();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await restarted?.close();
    if (restarted) await rm(server.config.DATA_DIR, { recursive: true, force: true });
    else await server?.close();
  });

  it('shows failed when the server stops; a resend after it is back delivers it once', async () => {
    const { a, b, pageA, pageB, contextA } = await twoPhones(browser, server, contexts);
    // A slow uplink, so the upload is still going when the server stops.
    const cdp = await contextA.newCDPSession(pageA);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    const bytes = randomBytes(4 * 1024 * 1024);
    await pickFile(pageA, 'File', { name: 'cut.bin', mimeType: 'application/octet-stream', buffer: bytes });
    const logA = chat(pageA).log;
    const progress = logA.getByRole('progressbar');
    await eventually(async () => Number((await progress.getAttribute('aria-valuenow')) ?? 0) > 0).toBe(true);
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);

    // The server stops, its open connections (the upload's) cut.
    const port = Number(new URL(server.url).port);
    const closing = server.app.close();
    server.app.server.closeAllConnections();
    await closing;
    const resend = logA.getByRole('button', { name: 'Resend' });
    await resend.waitFor({ timeout: 30_000 });
    expect(await progress.count()).toBe(0);

    // Back on the same address and data; the phone's network is fast again and says it is online.
    restarted = await buildApp(server.config);
    await restarted.listen({ port, host: '127.0.0.1' });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await contextA.setOffline(true);
    await contextA.setOffline(false);
    await resend.click();
    await eventually(() => logA.getByRole('button', { name: 'Resend' }).count()).toBe(0);
    await eventually(() => logA.getByRole('status', { name: 'Sending' }).count()).toBe(0);

    await pageB.reload();
    const logB = chat(pageB).log;
    await logB.getByText('cut.bin').waitFor({ timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await logB.getByText('cut.bin').count()).toBe(1);
    const files = await stored(server.url, b, singleConversationID(a.userID, b.userID), ContentType.File);
    expect(files.map((m) => m.fileElem?.fileName)).toEqual(['cut.bin']);
  }, 180_000);
});
