import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FriendPath, singleConversationID } from '@im/protocol';
import { newPhoneContext } from './support/browser.ts';
import { seriousViolations } from './support/axe.ts';
import { createGroupByApi } from './support/groups.ts';
import { imApi, makeFriends, openAs, openChatWith, registerByApi, sendText } from './support/messaging.ts';
import type { TestUser } from './support/messaging.ts';
import { useMessengerSuite } from './support/suite.ts';

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

interface Screen {
  name: string;
  path: string;
  /** What a person sees once the screen has its data (texts), waited for after its heading. */
  shows?: (string | RegExp)[];
  /** For a screen without a heading: what it settles at, instead of the heading and `shows`. */
  settled?: (page: Page) => Promise<void>;
  /** What to do once the screen shows (open a menu, a panel), before the check. */
  then?: (page: Page) => Promise<void>;
}

/** Every screen of the app signed in, with the data a real user has (docs/product.md#routes). */
function signedInScreens(ids: {
  self: TestUser;
  friend: TestUser;
  stranger: TestUser;
  groupID: string;
}): Screen[] {
  const { self, friend, stranger, groupID } = ids;
  const conversationID = singleConversationID(self.userID, friend.userID);
  return [
    {
      name: 'chats',
      path: '/conversation',
      shows: ['Hello there', 'Hikers', 'Tia', /^(No more conversations|没有更多会话了)$/],
    },
    { name: 'contacts', path: '/contact' },
    { name: 'me', path: '/profile' },
    { name: 'chat', path: `/chat?userID=${friend.userID}`, shows: ['Hello there'] },
    {
      name: 'chat, long-press menu',
      path: `/chat?userID=${friend.userID}`,
      then: async (page) => {
        const bubble = page.getByText('Hello there', { exact: true });
        await bubble.click({ delay: 700 });
        await page.getByRole('menu').or(page.getByRole('dialog')).first().waitFor();
      },
    },
    {
      name: 'chat, + panel',
      path: `/chat?userID=${friend.userID}`,
      shows: ['Hello there'],
      then: async (page) => {
        await page
          .getByRole('button', { name: /more|更多/i })
          .first()
          .click();
        await page.getByRole('button', { name: /more|更多/i, expanded: true }).waitFor();
      },
    },
    { name: 'group chat', path: `/chat?groupID=${groupID}`, shows: [/created the group|创建了群聊/] },
    { name: 'chat settings', path: `/singleSetting?userID=${friend.userID}` },
    { name: 'group settings', path: `/groupSetting?groupID=${groupID}` },
    { name: 'group manage', path: `/groupManage?groupID=${groupID}` },
    { name: 'group notice', path: `/groupNotice?groupID=${groupID}` },
    { name: 'group members', path: `/groupMemberList?groupID=${groupID}` },
    {
      name: 'change group name',
      path: `/changeName?originData=${json({ kind: 'groupName', groupID, value: 'Hikers' })}`,
    },
    { name: 'my friends', path: '/myFriend' },
    { name: 'my groups', path: '/myGroup' },
    { name: 'new group', path: '/newGroup' },
    { name: 'new friends', path: '/newFriend' },
    { name: 'applications', path: '/applicationList?type=0' },
    { name: 'group applications', path: '/applicationList?type=2' },
    { name: 'user card', path: `/userCard?userID=${friend.userID}` },
    { name: 'stranger card', path: `/userCard?userID=${stranger.userID}` },
    { name: 'group card', path: `/groupCard?groupID=${groupID}` },
    { name: 'user card settings', path: `/userCardSetting?userID=${friend.userID}` },
    { name: 'user card details', path: `/userCardDetails?userID=${friend.userID}` },
    { name: 'add contact', path: '/contactAdd' },
    { name: 'search users', path: `/searchToJoin?isGroup=false` },
    { name: 'search groups', path: `/searchToJoin?isGroup=true` },
    {
      name: 'send application',
      path: `/sendApplication?isGroup=false&sourceID=${stranger.userID}&isScan=false&notNeedVerification=false&sessionType=1`,
    },
    { name: 'create group', path: `/createGroup?groupType=0` },
    { name: 'choose members', path: '/chooseUser' },
    { name: 'search friends and groups', path: '/searchFriendOrGroup' },
    { name: 'my info', path: '/selfInfoDetails' },
    { name: 'about', path: '/about' },
    { name: 'account settings', path: '/accountSettings' },
    { name: 'blacklist', path: '/blackList' },
    { name: 'language', path: '/language' },
    { name: 'change nickname', path: '/changeNameOrRemark' },
    {
      name: 'change remark',
      path: `/changeNameOrRemark?friendInfo=${json({ userID: friend.userID, nickname: friend.nickname, remark: '' })}`,
    },
    { name: 'call records', path: '/callRecords' },
    { name: 'search messages', path: '/searchMessages' },
    { name: 'search this chat', path: `/searchMessages?conversationID=${conversationID}` },
  ];
}

const base = { isRegiste: true, email: 'new@example.com' };
const signedOutScreens: Screen[] = [
  { name: 'login', path: '/login' },
  { name: 'register: get code', path: '/getCode?isRegiste=true&isByEmail=true' },
  { name: 'forgot password', path: '/getCode?isRegiste=false&isByEmail=false' },
  { name: 'verify code', path: `/verifyCode?baseData=${json(base)}` },
  { name: 'set password', path: `/setPassword?baseData=${json({ ...base, verifyCode: '123456' })}` },
  {
    name: 'set base info',
    path: `/setPassword?baseData=${json({ ...base, verifyCode: '123456' })}`,
    // Reached as a person does, from the password step: the nickname form takes the password from
    // history state (opened without it, it sends the person back to choose one).
    settled: async (page) => {
      const passwords = page.locator('input[type="password"]');
      await passwords.nth(1).waitFor();
      for (const field of await passwords.all()) await field.fill('secret123');
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((address) => address.pathname === '/setBaseInfo' && address.search === '');
      await page.getByRole('textbox').first().waitFor();
    },
  },
];

/**
 * Goes to a screen inside the running app, as its links do (the router hears the history change), so
 * that each screen is not a whole app start; a screen that is interacted with (a menu opened, a form
 * filled) is loaded afresh, so nothing of the screen checked before it stays open.
 */
async function open(page: Page, url: string, screen: Screen): Promise<void> {
  if (screen.then || screen.settled || !page.url().startsWith(url)) {
    await page.goto(`${url}${screen.path}`);
    return;
  }
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, screen.path);
  await page.waitForURL((address) => `${address.pathname}${address.search}` === screen.path);
}

/**
 * Opens the screen, waits for what a person would see there (its heading, its data) instead of a
 * quiet network, and answers its serious and critical findings.
 */
async function check(page: Page, url: string, screen: Screen): Promise<string[]> {
  await open(page, url, screen);
  if (screen.settled) await screen.settled(page);
  else {
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    for (const text of screen.shows ?? [])
      await page.getByText(text, { exact: true }).filter({ visible: true }).first().waitFor();
  }
  await page
    .locator('.adm-spin-loading, .page-loading')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await screen.then?.(page);
  return (await seriousViolations(page)).map((line) => `${screen.name}: ${line}`);
}

/**
 * Issue 14 "accessibility": axe-core over every screen, signed out and signed in, in both languages,
 * finds no serious or critical violation (docs/decisions.md#accessibility).
 */
describe('accessibility of every screen', () => {
  const suite = useMessengerSuite();

  for (const locale of ['en-US', 'zh-CN']) {
    it(`has no serious or critical axe finding in ${locale}`, async () => {
      const { server, browser } = suite;
      const [self, friend, stranger, third] = await Promise.all(
        ['Ann', 'Bob', 'Sam', 'Tia'].map((name) => registerByApi(server, name)),
      );
      await makeFriends(server, self, friend);
      await makeFriends(server, self, third);
      const groupID = await createGroupByApi(server, self, 'Hikers', [friend, third]);
      await imApi(server, stranger, FriendPath.addFriend, { toUserID: self.userID, reqMsg: 'Hi, it is Sam' });

      const signedOut = await newPhoneContext(browser, locale);
      suite.contexts.push(signedOut);
      const outPage = await signedOut.newPage();
      const found: string[] = [];
      for (const screen of signedOutScreens) found.push(...(await check(outPage, server.url, screen)));

      // A message in the chat, written from an English phone (the journey helpers read English names).
      const writer = await openAs(browser, server, self);
      suite.contexts.push(writer.context);
      await openChatWith(writer.page, server, friend);
      await sendText(writer.page, 'Hello there');
      await writer.context.close();

      const { context, page } = await openAs(browser, server, self, '/conversation', locale);
      suite.contexts.push(context);
      for (const screen of signedInScreens({ self, friend, stranger, groupID }))
        found.push(...(await check(page, server.url, screen)));
      expect(found).toEqual([]);
      // About forty screens, each loaded and settled: more than one journey's time.
    }, 180_000);
  }
});
