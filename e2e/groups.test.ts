import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '@im/server/testing';
import { launchChromium } from './support/browser.ts';
import { tabBadge } from './support/contacts.ts';
import {
  composerPlaceholder,
  confirmDialog,
  groupHeading,
  noticeShown,
  openGroupFromList,
  openGroupManage,
  pickMember,
  toastShown,
} from './support/groups.ts';
import { chat, chatList, eventually, makeFriends, openAs, registerByApi } from './support/messaging.ts';
import type { TestUser } from './support/messaging.ts';
import { startMessenger } from './support/server.ts';

/**
 * Issue "Groups": Ann creates a group with her friends Bob and Carl through the screens, mentions
 * Carl, mutes everyone, makes Bob an admin and then the owner; Carl leaves; Dan, a stranger, finds the
 * group by its ID and applies, and Bob lets him in. The steps run in order on the same phones.
 */
describe('groups in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let ann: TestUser;
  let bob: TestUser;
  let carl: TestUser;
  let dan: TestUser;
  let pageA: Page;
  let pageB: Page;
  let pageC: Page;
  let groupID = '';

  beforeAll(async () => {
    server = await startMessenger();
    browser = await launchChromium();
    [ann, bob, carl, dan] = await Promise.all(
      ['Ann', 'Bob', 'Carl', 'Dan'].map((name) => registerByApi(server, name)),
    );
    await Promise.all([makeFriends(server, bob, ann), makeFriends(server, carl, ann)]);
    const sides = await Promise.all([ann, bob, carl].map((user) => openAs(browser, server, user)));
    contexts.push(...sides.map((side) => side.context));
    [pageA, pageB, pageC] = sides.map((side) => side.page);
    await Promise.all(
      [pageA, pageB, pageC].map((p) => p.getByRole('heading', { name: 'Chats', exact: true }).waitFor()),
    );
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.close();
  });

  it('A creates a group with B and C (/createGroup, /chooseUser); all see it live with the notice', async () => {
    await pageA.getByRole('link', { name: 'Contacts' }).click();
    // The tab's own screen first: the chats tab, being left, has the same link.
    await pageA.waitForURL(/\/contact$/);
    await pageA.getByRole('link', { name: 'New friends' }).waitFor();
    await pageA.getByRole('link', { name: 'Add friend or group' }).click();
    await pageA.getByRole('link', { name: 'Create group' }).click();
    await pageA.waitForURL(/\/createGroup\?groupType=0/);
    await pageA.getByLabel('Group name').fill('Hikers');
    await pageA.getByRole('link', { name: 'Add members' }).click();
    await pageA.waitForURL(/\/chooseUser$/);
    // The search narrows the friends; a pick survives clearing it.
    const search = pageA.getByRole('searchbox', { name: 'Search friends' });
    await search.fill('car');
    await eventually(() => pageA.getByRole('checkbox').count()).toBe(1);
    await pageA.getByRole('checkbox', { name: 'Carl' }).check();
    await search.fill('');
    await pageA.getByRole('checkbox', { name: 'Bob' }).check();
    await pageA.getByRole('button', { name: 'Done (2)' }).click();
    await pageA.waitForURL(/\/createGroup/);
    await pageA.getByRole('button', { name: 'Remove Bob' }).waitFor();
    expect(await pageA.getByLabel('Group name').inputValue()).toBe('Hikers');
    await pageA.getByRole('button', { name: 'Create group' }).click();

    await pageA.waitForURL(/\/chat\?groupID=/);
    groupID = new URL(pageA.url()).searchParams.get('groupID') ?? '';
    expect(groupID).not.toBe('');
    await groupHeading(pageA, 'Hikers', 3).waitFor();
    await noticeShown(pageA, 'You created the group');

    for (const page of [pageB, pageC])
      await eventually(() => chatList(page).row('Hikers').textContent()).toContain('Ann created the group');
    await openGroupFromList(pageB, server, 'Hikers');
    await groupHeading(pageB, 'Hikers', 3).waitFor();
    await noticeShown(pageB, 'Ann created the group');
  });

  it('A mentions C with the @ picker; C\'s list shows "[@me]" until C opens the chat', async () => {
    const { input, log } = chat(pageA);
    await input.click();
    await pageA.keyboard.type('@');
    await pickMember(pageA, 'Mention someone', 'Carl');
    await eventually(() => input.inputValue()).toBe('@Carl ');
    await pageA.keyboard.type('see you at 5');
    await input.press('Enter');
    await log.getByText('@Carl see you at 5', { exact: true }).waitFor();
    await eventually(() => log.getByRole('status', { name: 'Sending' }).count()).toBe(0);

    const row = chatList(pageC).row('Hikers');
    await eventually(() => row.textContent()).toContain('[@me]');
    // Bob, in the chat, reads it with no mark of his own.
    await chat(pageB).log.getByText('@Carl see you at 5', { exact: true }).waitFor();

    await row.click();
    await chat(pageC).log.getByText('@Carl see you at 5', { exact: true }).waitFor();
    await pageC.getByRole('button', { name: 'Back' }).click();
    await pageC.waitForURL(/\/conversation$/);
    await eventually(() => row.textContent()).not.toContain('[@me]');
  });

  it("A mutes all in /groupManage: B's composer shows the all-muted placeholder", async () => {
    await openGroupManage(pageA);
    await pageA.getByRole('switch', { name: 'Mute all members' }).click();
    await toastShown(pageA, 'Saved');
    await noticeShown(pageB, 'Ann muted all members');
    await composerPlaceholder(pageB, 'All members are muted');
    expect(await chat(pageB).input.isDisabled()).toBe(true);
    expect(await pageB.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
  });

  it('A makes B an admin, then transfers the group to B, each after a confirmation', async () => {
    await pageA.getByRole('button', { name: 'Add administrator' }).click();
    await pickMember(pageA, 'Choose an administrator', 'Bob');
    await confirmDialog(pageA, 'Make Bob an admin?', 'Confirm');
    await pageA.getByRole('button', { name: 'Remove Bob as admin' }).waitFor();
    await noticeShown(pageB, 'Ann made you an admin');
    // An admin may speak while everyone else is muted.
    await composerPlaceholder(pageB, 'Message');

    await pageA.getByRole('button', { name: 'Transfer ownership' }).click();
    await pickMember(pageA, 'Transfer the group to', 'Bob');
    await confirmDialog(pageA, 'Transfer the group to Bob?', 'Transfer');
    await toastShown(pageA, 'Ownership transferred');
    await pageA.waitForURL(/\/groupSetting\?groupID=/);
    await noticeShown(pageB, 'Ann transferred the group to you');

    // Ann, an ordinary member now, is muted with everyone else; management is gone from her settings.
    await eventually(() => pageA.getByRole('link', { name: 'Group management' }).count()).toBe(0);
    await pageA.getByRole('button', { name: 'Back' }).click();
    await pageA.waitForURL(/\/chat\?groupID=/);
    await noticeShown(pageA, 'You transferred the group to Bob');
    await composerPlaceholder(pageA, 'All members are muted');
  });

  it('C leaves after a confirmation and everyone sees the notice', async () => {
    await chatList(pageC).row('Hikers').click();
    await chat(pageC).log.waitFor();
    await pageC.getByRole('button', { name: 'Group settings' }).click();
    await pageC.getByRole('button', { name: 'Leave group' }).click();
    await confirmDialog(pageC, 'Leave this group?', 'Leave');
    await toastShown(pageC, 'You left the group');
    await pageC.waitForURL(/\/conversation$/);

    await noticeShown(pageA, 'Carl left the group');
    await noticeShown(pageB, 'Carl left the group');
    await groupHeading(pageB, 'Hikers', 2).waitFor();
    // Carl keeps the conversation up to his own notice, and cannot send any more.
    await eventually(() => chatList(pageC).row('Hikers').textContent()).toContain('You left the group');
    await chatList(pageC).row('Hikers').click();
    await noticeShown(pageC, 'You left the group');
    await composerPlaceholder(pageC, 'You are no longer in this group');
  });

  it('D finds the group by ID and applies (verification required); B, the owner, accepts; D is in', async () => {
    // Bob, the owner now, asks for a verification message from everyone who joins.
    await openGroupManage(pageB);
    await pageB.getByRole('radio', { name: 'Verification message required' }).check();
    await toastShown(pageB, 'Saved');
    await pageB.goto(`${server.url}/conversation`);

    await contexts[2].close(); // Carl's phone is done: one browser less on a busy machine
    const side = await openAs(browser, server, dan);
    contexts.push(side.context);
    const pageD = side.page;
    await pageD.getByRole('link', { name: 'Contacts' }).click();
    // The tab's own screen first: the chats tab, being left, has the same link.
    await pageD.waitForURL(/\/contact$/);
    await pageD.getByRole('link', { name: 'New friends' }).waitFor();
    await pageD.getByRole('link', { name: 'Add friend or group' }).click();
    await pageD.getByRole('link', { name: 'Join group' }).click();
    await pageD.waitForURL(/\/searchToJoin\?isGroup=true/);
    await pageD.getByRole('searchbox', { name: 'Group ID' }).fill(groupID);
    await pageD.getByRole('button', { name: 'Search' }).click();
    await pageD.getByRole('region', { name: 'Search results' }).getByRole('link', { name: 'Hikers' }).click();
    await pageD.waitForURL(/\/groupCard\?groupID=/);
    await pageD.getByText('2 members').waitFor();
    await pageD.getByRole('button', { name: 'Apply to join' }).click();
    await pageD.waitForURL(/\/sendApplication\?isGroup=true/);
    await pageD.getByRole('textbox', { name: 'Reason for joining' }).fill('Dan from the trail');
    await pageD.getByRole('button', { name: 'Send application' }).click();
    await toastShown(pageD, 'Application sent');
    await pageD.waitForURL(/\/groupCard\?groupID=/);

    // Bob: the Contacts tab counts it until the group notifications are opened.
    await eventually(() => tabBadge(pageB, 'Contacts').textContent()).toBe('1');
    await pageB.getByRole('link', { name: 'Contacts' }).click();
    await pageB.getByRole('link', { name: 'Group notifications' }).click();
    await pageB.waitForURL(/\/newGroup$/);
    const received = pageB.getByRole('region', { name: 'Received group applications' });
    await received.getByRole('link', { name: 'Dan', exact: true }).click();
    await pageB.waitForURL(/\/applicationDetails\?application=.*&type=2/);
    await pageB.getByText('Dan from the trail').waitFor();
    await pageB.getByRole('button', { name: 'Accept' }).click();
    await toastShown(pageB, 'Application accepted');
    await eventually(() => tabBadge(pageB, 'Contacts').count()).toBe(0);

    // Dan, still on the card, sees it become his group, live: it opens his chat of it.
    await pageD.getByRole('button', { name: 'Send message' }).click();
    await pageD.waitForURL(/\/chat\?groupID=/);
    await groupHeading(pageD, 'Hikers', 3).waitFor();
    await noticeShown(pageD, 'You joined the group');
    await pageD.goto(`${server.url}/conversation`);
    await eventually(() => chatList(pageD).row('Hikers').textContent()).toContain('You joined the group');
    await pageD.goto(`${server.url}/myGroup`);
    await pageD.getByRole('region', { name: 'Groups' }).getByRole('link', { name: 'Hikers' }).waitFor();
  });
});
