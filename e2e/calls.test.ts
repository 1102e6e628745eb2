import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '@im/server/testing';
import { launchChromium } from './support/browser.ts';
import {
  callSettings,
  inboundAudioBytes,
  overlay,
  recordPeerConnections,
  recordTexts,
  settledBox,
  selectedCandidateType,
  timerRuns,
  videoProgress,
} from './support/calls.ts';
import { toast } from './support/contacts.ts';
import { chat, eventually, makeFriends, openAs, openChatWith, registerByApi } from './support/messaging.ts';
import type { TestUser } from './support/messaging.ts';
import { startMessenger } from './support/server.ts';
import { touchDrag } from './support/touch.ts';
import { startTurn } from './support/turn.ts';
import type { TurnEnv } from './support/turn.ts';

/**
 * Issue "Voice and video calls": two phones (two contexts, Chromium's fake camera and microphone)
 * against the real server, its room service and a real coturn on loopback
 * (docs/product.md#call-flow, #call-overlay).
 */
describe('calls in the browser', () => {
  let turn: TurnEnv | undefined;
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    turn = startTurn();
    server = await startMessenger({ TURN_URLS: turn.TURN_URLS, TURN_SECRET: turn.TURN_SECRET });
    browser = await launchChromium({ calls: true });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.close();
    turn?.stop();
  });

  /** A phone logged in as `user`, recording its peer connections, on the chat list. */
  async function phone(user: TestUser): Promise<Page> {
    const { context, page } = await openAs(browser, server, user);
    contexts.push(context);
    await recordPeerConnections(context);
    await page.reload();
    await page.getByRole('heading', { name: 'Chats', exact: true }).waitFor();
    return page;
  }

  async function friends(...names: string[]): Promise<{ users: TestUser[]; pages: Page[] }> {
    const users = await Promise.all(names.map((name) => registerByApi(server, name)));
    for (let i = 1; i < users.length; i += 1) await makeFriends(server, users[0], users[i]);
    const pages = await Promise.all(users.map(phone));
    return { users, pages };
  }

  async function closePhones(...pages: Page[]): Promise<void> {
    for (const page of pages) await page.context().close();
  }

  it('1. a video call: B accepts, media flows both ways, A minimises and drags, B hangs up; both record it', async () => {
    const { users, pages } = await friends('Ann', 'Bob');
    const [a, b] = users;
    const [pageA, pageB] = pages;

    await openChatWith(pageA, server, b);
    await pageA.getByRole('button', { name: 'Video call' }).click();
    await overlay(pageA, b.nickname).getByText('Connecting…').waitFor();

    const ringing = overlay(pageB, a.nickname);
    await ringing.getByText('invites you to a video call').waitFor();
    await ringing.getByRole('img', { name: a.nickname }).waitFor();
    await ringing.getByRole('button', { name: 'Accept' }).click();

    await Promise.all([timerRuns(pageA), timerRuns(pageB)]);
    await overlay(pageA, b.nickname).getByText('Connecting…').waitFor({ state: 'detached' });
    await overlay(pageA, b.nickname).getByRole('button', { name: 'Camera on' }).waitFor();

    // B sees A's picture: a real size, and new frames coming.
    const remote = `Video of ${a.nickname}`;
    await eventually(async () => (await videoProgress(pageB, remote)).width).toBeGreaterThan(0);
    const first = await videoProgress(pageB, remote);
    await eventually(async () => (await videoProgress(pageB, remote)).frames).toBeGreaterThan(
      first.frames + 5,
    );
    // And A's sound: inbound audio bytes keep arriving.
    const bytes = await inboundAudioBytes(pageB);
    await eventually(() => inboundAudioBytes(pageB)).toBeGreaterThan(Math.max(bytes, 0) + 1000);
    await eventually(() => inboundAudioBytes(pageA)).toBeGreaterThan(1000);

    // A minimises: an 86×110 bubble saying "in call", dragged by touch, kept in view, then restored.
    await pageA.getByRole('button', { name: 'Minimise call' }).click();
    await overlay(pageA, b.nickname).waitFor({ state: 'hidden' });
    const bubble = pageA.getByRole('button', { name: 'Back to the call' });
    await bubble.getByText('in call').waitFor();
    const before = (await pageA.locator('.adm-floating-bubble-button').boundingBox())!;
    expect([Math.round(before.width), Math.round(before.height)]).toEqual([86, 110]);
    await touchDrag(pageA, bubble, -150, 300);
    await eventually(
      async () => (await pageA.locator('.adm-floating-bubble-button').boundingBox())!.y,
    ).toBeGreaterThan(before.y + 200);
    // Dragged to the window's very corner, it stays whole inside the window.
    const dragged = (await bubble.boundingBox())!;
    await touchDrag(
      pageA,
      bubble,
      389 - (dragged.x + dragged.width / 2),
      843 - (dragged.y + dragged.height / 2),
    );
    const after = await settledBox(pageA.locator('.adm-floating-bubble-button'));
    expect(after.y + after.height).toBeLessThanOrEqual(844);
    expect(after.x + after.width).toBeLessThanOrEqual(390);
    expect(after.x).toBeGreaterThanOrEqual(0);
    // A tap (a phone has no click) brings the overlay back.
    await bubble.tap();
    await overlay(pageA, b.nickname).getByRole('timer').waitFor();

    await pageB.waitForTimeout(1200);
    await overlay(pageB, a.nickname).getByRole('button', { name: 'Hang up' }).click();
    await overlay(pageB, a.nickname).waitFor({ state: 'detached' });
    await overlay(pageA, b.nickname).waitFor({ state: 'detached' });

    // The summary line in the chat, then both record lists, with the duration.
    await chat(pageA)
      .log.getByText(/\[Video call\] Call duration 00:\d\d/)
      .waitFor();
    await eventually(async () => (await recordTexts(pageA, server.url)).join('|')).toMatch(
      new RegExp(`${b.nickname}.*Video · Outgoing · Call duration 00:\\d\\d`),
    );
    await eventually(async () => (await recordTexts(pageB, server.url)).join('|')).toMatch(
      new RegExp(`${a.nickname}.*Video · Incoming · Call duration 00:\\d\\d`),
    );
    await closePhones(pageA, pageB);
  });

  it('2. a voice call forced through TURN connects over a relay candidate pair', async () => {
    const { users, pages } = await friends('Cid', 'Dee');
    const [c, d] = users;
    const [pageC, pageD] = pages;
    for (const page of pages) await callSettings(page, { callIceTransportPolicy: 'relay' });

    await openChatWith(pageC, server, d);
    await pageC.getByRole('button', { name: 'Voice call' }).click();
    const ringing = overlay(pageD, c.nickname);
    await ringing.getByText('invites you to a voice call').waitFor();
    await ringing.getByRole('button', { name: 'Accept' }).click();

    await Promise.all([timerRuns(pageC), timerRuns(pageD)]);
    await overlay(pageC, d.nickname).getByText('on call').waitFor();
    expect(await selectedCandidateType(pageC)).toBe('relay');
    expect(await selectedCandidateType(pageD)).toBe('relay');
    await eventually(() => inboundAudioBytes(pageD)).toBeGreaterThan(1000);

    await overlay(pageC, d.nickname).getByRole('button', { name: 'Hang up' }).click();
    await overlay(pageD, c.nickname).waitFor({ state: 'detached' });
    await closePhones(pageC, pageD);
  });

  it('3. no answer: after the (shortened) timeout both overlays close and both record it missed', async () => {
    const { users, pages } = await friends('Eve', 'Fay');
    const [e, f] = users;
    const [pageE, pageF] = pages;
    await callSettings(pageE, { callTimeoutS: 4 });

    await openChatWith(pageE, server, f);
    await pageE.getByRole('button', { name: 'Voice call' }).click();
    await overlay(pageF, e.nickname).getByText('invites you to a voice call').waitFor();
    await overlay(pageE, f.nickname).waitFor({ state: 'detached', timeout: 15_000 });
    await overlay(pageF, e.nickname).waitFor({ state: 'detached', timeout: 15_000 });

    await eventually(async () => (await recordTexts(pageE, server.url)).join('|')).toMatch(
      new RegExp(`${f.nickname}.*Voice · Outgoing · (No answer|Canceled)`),
    );
    await eventually(async () => (await recordTexts(pageF, server.url, 'Missed')).join('|')).toMatch(
      new RegExp(`${e.nickname}.*Voice · Incoming · Missed call`),
    );
    await closePhones(pageE, pageF);
  });

  it('4. B rejects: A’s overlay closes and both record the call refused', async () => {
    const { users, pages } = await friends('Gus', 'Hal');
    const [g, h] = users;
    const [pageG, pageH] = pages;

    await openChatWith(pageG, server, h);
    await pageG.getByRole('button', { name: 'Video call' }).click();
    await overlay(pageH, g.nickname).getByText('invites you to a video call').waitFor();
    await overlay(pageH, g.nickname).getByRole('button', { name: 'Hang up' }).click();
    await overlay(pageH, g.nickname).waitFor({ state: 'detached' });
    await overlay(pageG, h.nickname).waitFor({ state: 'detached' });
    await toast(pageG, 'The call was refused');

    await eventually(async () => (await recordTexts(pageG, server.url)).join('|')).toMatch(
      new RegExp(`${h.nickname}.*Video · Outgoing · Refused`),
    );
    await eventually(async () => (await recordTexts(pageH, server.url)).join('|')).toMatch(
      new RegExp(`${g.nickname}.*Video · Incoming · Refused`),
    );
    await closePhones(pageG, pageH);
  });

  it('5. busy: B is in a call with C, A calls B and gets busy; B’s call goes on', async () => {
    const { users, pages } = await friends('Bea', 'Ace', 'Cat');
    const [b, a, c] = users;
    const [pageB, pageA, pageC] = pages;

    await openChatWith(pageC, server, b);
    await pageC.getByRole('button', { name: 'Voice call' }).click();
    await overlay(pageB, c.nickname).getByRole('button', { name: 'Accept' }).click();
    await Promise.all([timerRuns(pageB), timerRuns(pageC)]);

    await openChatWith(pageA, server, b);
    await pageA.getByRole('button', { name: 'Voice call' }).click();
    await toast(pageA, 'The user is busy');
    await overlay(pageA, b.nickname).waitFor({ state: 'detached' });
    // B never rang for A, and its call with C runs on.
    expect(await overlay(pageB, a.nickname).count()).toBe(0);
    await overlay(pageB, c.nickname).getByRole('timer').waitFor();

    await eventually(async () => (await recordTexts(pageA, server.url)).join('|')).toMatch(
      new RegExp(`${b.nickname}.*Voice · Outgoing · Refused`),
    );
    await overlay(pageB, c.nickname).getByRole('button', { name: 'Hang up' }).click();
    await overlay(pageC, b.nickname).waitFor({ state: 'detached' });
    await closePhones(pageA, pageB, pageC);
  });
});
