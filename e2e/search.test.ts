import { describe, expect, it } from 'vitest';
import {
  chat,
  eventually,
  makeFriends,
  openAs,
  openChatWith,
  registerByApi,
  sendText,
} from './support/messaging.ts';
import { createGroupByApi, scrollLogToEnd, searchBox, setRemarkByApi } from './support/search.ts';
import { useMessengerSuite } from './support/suite.ts';

/** Issue 11, search: messages across chats opened at the hit, and friends and groups by name. */
describe('search in the browser', () => {
  const suite = useMessengerSuite();

  it('B searches 世界 from the chat list, sees 你好世界 marked, and the chat opens at it', async () => {
    const [a, b] = await Promise.all([
      registerByApi(suite.server, 'Ann'),
      registerByApi(suite.server, 'Bob'),
    ]);
    await makeFriends(suite.server, a, b);
    const [pa, pb] = await Promise.all([
      openAs(suite.browser, suite.server, a),
      openAs(suite.browser, suite.server, b),
    ]);
    suite.contexts.push(pa.context, pb.context);
    const [pageA, pageB] = [pa.page, pb.page];

    await openChatWith(pageA, suite.server, b);
    for (let i = 1; i <= 12; i += 1) await sendText(pageA, `earlier ${i}`);
    await sendText(pageA, '你好世界');
    // More than a page after it, so the chat's newest page does not hold it.
    for (let i = 1; i <= 25; i += 1) await sendText(pageA, `filler ${i}`);

    await pageB.getByRole('heading', { name: 'Chats', exact: true }).waitFor();
    await pageB.getByRole('link', { name: 'Search messages' }).click();
    await pageB.waitForURL(/\/searchMessages$/);
    await searchBox(pageB, 'Search messages').fill('世界');
    const results = pageB.getByRole('region', { name: 'Results' });
    const hit = results.getByRole('button', { name: 'Open the message from Ann: 你好世界' });
    await hit.waitFor();
    // Found once (the device's copy and the server's are one), with 世界 marked.
    expect(await results.getByRole('button').count()).toBe(1);
    expect(await results.locator('mark').allTextContents()).toEqual(['世界']);

    await hit.click();
    await pageB.waitForURL(/\/chat\?conversationID=.+&seq=\d+$/);
    const { log } = chat(pageB);
    const focused = log.locator('[aria-current="true"]');
    await focused.getByText('你好世界', { exact: true }).waitFor();
    // Its context around it: what came just before and just after.
    await log.getByText('earlier 12', { exact: true }).waitFor();
    await log.getByText('filler 1', { exact: true }).waitFor();
    // Opened at the hit, not at the newest: the last message comes when the reader scrolls down.
    expect(await log.getByText('filler 25', { exact: true }).count()).toBe(0);
    await eventually(async () => {
      await scrollLogToEnd(pageB);
      return log.getByText('filler 25', { exact: true }).count();
    }).toBe(1);
  });

  it('finds a friend by remark and a group by name on /searchFriendOrGroup', async () => {
    const [a, b, c] = await Promise.all([
      registerByApi(suite.server, 'Cleo'),
      registerByApi(suite.server, 'Dan'),
      registerByApi(suite.server, 'Eve'),
    ]);
    await makeFriends(suite.server, a, b);
    await makeFriends(suite.server, a, c);
    await setRemarkByApi(suite.server, a, b, 'Hiking buddy');
    await createGroupByApi(suite.server, a, [b, c], 'Hiking club');
    const { context, page } = await openAs(suite.browser, suite.server, a, '/contact');
    suite.contexts.push(context);

    await page.getByRole('link', { name: 'Search friends and groups' }).click();
    await page.waitForURL(/\/searchFriendOrGroup$/);
    const box = searchBox(page, 'Search friends and groups');
    await box.fill('hik');
    const friends = page.getByRole('region', { name: 'Friends' });
    const groups = page.getByRole('region', { name: 'Groups' });
    await friends.getByRole('link', { name: 'Hiking buddy' }).waitFor();
    await groups.getByRole('link', { name: 'Hiking club' }).waitFor();
    expect(await friends.getByRole('link').count()).toBe(1);

    await box.fill('eve');
    await friends.getByRole('link', { name: 'Eve' }).waitFor();
    await eventually(() => groups.count()).toBe(0);
    await box.fill('nobody here');
    await page.getByText('No results for "nobody here"').waitFor();

    await box.fill('club');
    await groups.getByRole('link', { name: 'Hiking club' }).click();
    await page.waitForURL(/\/chat\?groupID=/);
    await page.getByRole('heading', { name: /Hiking club/ }).waitFor();
  });
});
