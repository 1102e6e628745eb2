import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '@im/server/testing';
import { launchChromium } from './support/browser.ts';
import {
  findUserByID,
  letterGroup,
  newFriendsBadge,
  openMyFriends,
  sendFriendRequest,
  tabBadge,
  toast,
} from './support/contacts.ts';
import { chat, chatList, eventually, openAs, registerByApi, sendText } from './support/messaging.ts';
import type { TestUser } from './support/messaging.ts';
import { startMessenger } from './support/server.ts';

/**
 * Issue "Contacts, friend applications, blacklist and profile": two people become friends through
 * the screens (search by ID, request, badge, accept), chat from the "friend added" notice, then the
 * blacklist and the "not addable" flag refuse what they should. The steps run in order on the same
 * three phones.
 */
describe('contacts in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let ann: TestUser;
  let zhang: TestUser;
  let carl: TestUser;
  let pageA: Page;
  let pageB: Page;
  let pageC: Page;

  beforeAll(async () => {
    server = await startMessenger();
    browser = await launchChromium();
    [ann, zhang, carl] = await Promise.all([
      registerByApi(server, 'Ann'),
      registerByApi(server, '张三'),
      registerByApi(server, 'Carl'),
    ]);
    const [a, b] = await Promise.all([openAs(browser, server, ann), openAs(browser, server, zhang)]);
    contexts.push(a.context, b.context);
    pageA = a.page;
    pageB = b.page;
    await Promise.all(
      [pageA, pageB].map((p) => p.getByRole('heading', { name: 'Chats', exact: true }).waitFor()),
    );
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.close();
  });

  it('A finds B by ID and applies; B sees the badge, opens the list (it clears) and accepts', async () => {
    await findUserByID(pageA, zhang.userID, '张三');
    await sendFriendRequest(pageA, 'Hi, Ann from the e2e test');
    await toast(pageA, 'Friend request sent');
    await pageA.waitForURL(/\/userCard\?userID=/);

    // B: one application not opened yet on the Contacts tab; the New friends entry counts it too.
    await eventually(() => tabBadge(pageB, 'Contacts').textContent()).toBe('1');
    await pageB.getByRole('link', { name: 'Contacts' }).click();
    await pageB.getByRole('link', { name: 'New friends' }).click();
    await pageB.waitForURL(/\/newFriend$/);
    const received = pageB.getByRole('region', { name: 'Received friend requests' });
    await received.getByRole('link', { name: 'Ann', exact: true }).waitFor();
    await eventually(() => received.textContent()).toContain('Hi, Ann from the e2e test');
    expect(await received.textContent()).toContain('Pending');

    // Opened: the tab badge is gone, also after a reload (accessed list kept on the device).
    await pageB.getByRole('button', { name: 'Back' }).click();
    await pageB.waitForURL(/\/contact$/);
    await eventually(() => tabBadge(pageB, 'Contacts').count()).toBe(0);
    await pageB.reload();
    await pageB.getByRole('link', { name: 'New friends' }).waitFor();
    // The New friends entry still counts it: pending until it is answered.
    await eventually(() => newFriendsBadge(pageB).textContent()).toBe('1');
    expect(await tabBadge(pageB, 'Contacts').count()).toBe(0);

    await pageB.getByRole('link', { name: 'New friends' }).click();
    await received.getByRole('link', { name: 'Ann', exact: true }).click();
    await pageB.waitForURL(/\/applicationDetails\?application=.*&type=0/);
    await pageB.getByText('Hi, Ann from the e2e test').waitFor();
    await pageB.getByRole('button', { name: 'Accept' }).click();
    await toast(pageB, 'Friend request accepted');
    await pageB.waitForURL(/\/newFriend$/);
    await eventually(() => received.textContent()).toContain('Approved');

    // A's sent request reads Approved as well.
    await pageA.goto(`${server.url}/newFriend`);
    await pageA.getByRole('tab', { name: 'Sent' }).click();
    const sent = pageA.getByRole('region', { name: 'Sent friend requests' });
    await sent.getByRole('link', { name: '张三', exact: true }).waitFor();
    await eventually(() => sent.textContent()).toContain('Approved');
  });

  it('both see each other in My friends under the right letter (张三 under Z)', async () => {
    await openMyFriends(pageA, server);
    await letterGroup(pageA, 'Z').getByRole('link', { name: '张三', exact: true }).waitFor();
    await pageB.goto(`${server.url}/conversation`);
    await openMyFriends(pageB, server);
    await letterGroup(pageB, 'A').getByRole('link', { name: 'Ann', exact: true }).waitFor();

    // The row opens the card: a friend gets "Send message", not "Add friend".
    await letterGroup(pageA, 'Z').getByRole('link', { name: '张三', exact: true }).click();
    await pageA.getByRole('heading', { name: '张三', exact: true }).waitFor();
    await pageA.getByRole('button', { name: 'Send message' }).waitFor();
    expect(await pageA.getByRole('button', { name: 'Add friend' }).count()).toBe(0);
  });

  it('the "friend added" notice opens their conversation and they chat', async () => {
    for (const [page, peer] of [
      [pageA, '张三'],
      [pageB, 'Ann'],
    ] as const) {
      await page.goto(`${server.url}/conversation`);
      await eventually(() => chatList(page).row(peer).textContent()).toContain('You are now friends');
    }
    await chatList(pageA).row('张三').click();
    await pageA.waitForURL(/\/chat\?conversationID=/);
    await chat(pageA).log.getByText('You are now friends. Start chatting!').waitFor();
    await sendText(pageA, 'Hello 张三');

    await chatList(pageB).row('Ann').click();
    await chat(pageB).log.getByText('Hello 张三', { exact: true }).waitFor();
    await sendText(pageB, 'Hi Ann');
    await chat(pageA).log.getByText('Hi Ann', { exact: true }).waitFor();
  });

  it("A blacklists B: B's send is refused and B's composer says blacklisted", async () => {
    await openMyFriends(pageA, server);
    await letterGroup(pageA, 'Z').getByRole('link', { name: '张三', exact: true }).click();
    await pageA.getByRole('button', { name: 'Friend settings' }).click();
    await pageA.waitForURL(/\/userCardSetting\?userID=/);
    const blacklist = pageA.getByRole('switch', { name: 'Add to blacklist' });
    await blacklist.click();
    await pageA.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click();
    await toast(pageA, 'Added to the blacklist');
    await eventually(() => blacklist.getAttribute('aria-checked')).toBe('true');

    // A's own chat with B is blocked too (own blacklist, checked when shown).
    await pageA.goto(`${server.url}/chat?userID=${zhang.userID}`);
    await eventually(() => chat(pageA).input.getAttribute('placeholder')).toBe(
      'Blacklisted: messages cannot be sent',
    );
    expect(await chat(pageA).input.isDisabled()).toBe(true);

    // B does not know yet: the send is refused, then the composer says why.
    const { input, log } = chat(pageB);
    const send = pageB.getByRole('button', { name: 'Send', exact: true });
    await input.fill('Are you there?');
    await input.press('Enter');
    await log.getByRole('button', { name: 'Resend' }).waitFor();
    await eventually(() => input.getAttribute('placeholder')).toBe('Blacklisted: messages cannot be sent');
    expect(await input.isDisabled()).toBe(true);
    expect(await send.isDisabled()).toBe(true);
    expect(await chat(pageA).log.getByText('Are you there?').count()).toBe(0);

    // The blacklist screen lists B.
    await pageA.goto(`${server.url}/blackList`);
    await pageA.getByRole('button', { name: 'Remove 张三 from the blacklist' }).waitFor();
  });

  it('B sets "not addable": C\'s application gets the catalogue text (docs/product.md#error-texts)', async () => {
    await pageB.goto(`${server.url}/profile`);
    await pageB.getByRole('link', { name: 'Personal information' }).click();
    const addable = pageB.getByRole('switch', { name: 'Allow others to add me as a friend' });
    await eventually(() => addable.getAttribute('aria-checked')).toBe('true');
    await addable.click();
    await toast(pageB, 'Saved');
    await eventually(() => addable.getAttribute('aria-checked')).toBe('false');

    const c = await openAs(browser, server, carl);
    contexts.push(c.context);
    pageC = c.page;
    await pageC.getByRole('heading', { name: 'Chats', exact: true }).waitFor();
    await findUserByID(pageC, zhang.userID, '张三');
    await sendFriendRequest(pageC, 'Hello from Carl');
    await toast(pageC, 'the other party has been set up not to be added as a friend');
    expect(pageC.url()).toContain('/sendApplication');
  });

  it("scanning a picture of A's QR code opens A's card; the picture also works as an avatar", async () => {
    await pageA.goto(`${server.url}/profile`);
    await pageA.getByRole('button', { name: 'My QR code' }).click();
    const code = pageA.getByRole('img', { name: 'QR code of Ann' });
    await code.waitFor();
    const picture = await code.screenshot();

    await pageC.goto(`${server.url}/contactAdd`);
    await pageC.getByRole('button', { name: 'Scan QR code' }).click();
    await pageC.getByRole('dialog', { name: 'Scan QR code' }).waitFor();
    await pageC
      .getByLabel('Choose a picture')
      .setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: picture });
    await pageC.waitForURL(new RegExp(`/userCard\\?userID=${ann.userID}$`));
    await pageC.getByRole('heading', { name: 'Ann', exact: true }).waitFor();
    await pageC.getByRole('button', { name: 'Add friend' }).waitFor();

    await pageC.goto(`${server.url}/selfInfoDetails`);
    await pageC
      .getByLabel('Change avatar')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    const preview = pageC.getByRole('dialog', { name: 'New avatar' });
    await preview.getByRole('img', { name: 'New avatar' }).waitFor();
    await preview.getByRole('button', { name: 'Use this avatar' }).click();
    await toast(pageC, 'Avatar updated');
    await eventually(() => pageC.getByRole('img', { name: 'Carl' }).first().getAttribute('src')).toMatch(
      /\/api\/object\//,
    );
  });
});
