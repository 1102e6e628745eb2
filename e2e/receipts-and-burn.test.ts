import { describe, expect, it } from 'vitest';
import { GroupPath, singleConversationID } from '@im/protocol';
import {
  chat,
  eventually,
  makeFriends,
  openAs,
  openChatWith,
  registerByApi,
  sendText,
} from './support/messaging.ts';
import type { TestUser } from './support/messaging.ts';
import { useMessengerSuite } from './support/suite.ts';

/**
 * Issue 11: read receipts and burn-after-reading between real phones. The test-only setting
 * TEST_BURN_SPEEDUP=3 makes the 30 s choice last 10 s (docs/operations.md#burn-after-reading).
 */
describe('read receipts and burn-after-reading in the browser', () => {
  const suite = useMessengerSuite({ TEST_BURN_SPEEDUP: '3', BURN_SWEEP_INTERVAL_MS: '250' });

  async function friends(...names: string[]) {
    const users = await Promise.all(names.map((name) => registerByApi(suite.server, name)));
    for (let i = 0; i < users.length; i += 1)
      for (let j = i + 1; j < users.length; j += 1) await makeFriends(suite.server, users[i], users[j]);
    const pages = await Promise.all(users.map((user) => openAs(suite.browser, suite.server, user)));
    suite.contexts.push(...pages.map((p) => p.context));
    return { users, pages: pages.map((p) => p.page) };
  }

  it('A turns on burn-after-reading; "secret" read by B counts down on both phones and is gone for good', async () => {
    const {
      users: [a, b],
      pages: [pageA, pageB],
    } = await friends('Ann', 'Ben');
    await openChatWith(pageA, suite.server, b);
    await pageA.getByRole('button', { name: 'Chat settings' }).click();
    await pageA.waitForURL(/\/singleSetting/);
    await pageA.getByRole('switch', { name: 'Burn after reading' }).click();
    await pageA.getByText('Burn time').waitFor();
    await eventually(() => pageA.getByRole('switch', { name: 'Burn after reading' }).isChecked()).toBe(true);
    await pageA.getByRole('button', { name: 'Back' }).click();
    await chat(pageA).log.getByText('You turned on burn after reading: 30 seconds').waitFor();

    await openChatWith(pageB, suite.server, a);
    await chat(pageB).log.getByText('Ann turned on burn after reading: 30 seconds').waitFor();

    await sendText(pageA, 'secret');
    // B's open chat reads it at once: the countdown starts on both phones.
    await chat(pageB).log.getByText('secret', { exact: true }).waitFor();
    await Promise.all(
      [pageA, pageB].map((page) =>
        chat(page)
          .log.getByText(/^🔥 Burns in 0:(0\d|10)$/)
          .waitFor(),
      ),
    );

    // Ten seconds later it is gone on both phones, and a reload does not bring it back.
    for (const page of [pageA, pageB])
      await eventually(() => chat(page).log.getByText('secret', { exact: true }).count()).toBe(0);
    await pageB.reload();
    await chat(pageB).log.getByText('Ann turned on burn after reading: 30 seconds').waitFor();
    expect(await chat(pageB).log.getByText('secret', { exact: true }).count()).toBe(0);
    // Nor does the conversation list tell what it said.
    await pageB.getByRole('button', { name: 'Back' }).click();
    await pageB.waitForURL(/\/conversation$/);
    expect(await pageB.getByText('secret', { exact: true }).count()).toBe(0);
  });

  it("A's message shows 'Unread', and 'Read' once B opens the chat", async () => {
    const {
      users: [a, b],
      pages: [pageA, pageB],
    } = await friends('Amy', 'Bea');
    await openChatWith(pageA, suite.server, b);
    await sendText(pageA, 'are you there?');
    const message = chat(pageA).log.locator('[data-message-id]').filter({ hasText: 'are you there?' });
    await message.getByText('Unread', { exact: true }).waitFor();

    await pageB.goto(`${suite.server.url}/chat?conversationID=${singleConversationID(a.userID, b.userID)}`);
    await chat(pageB).log.getByText('are you there?', { exact: true }).waitFor();
    await message.getByText('Read', { exact: true }).waitFor();
    expect(await message.getByText('Unread', { exact: true }).count()).toBe(0);
  });

  it('in a group of three "2 unread" becomes "1 unread" when one reads, and the list names the reader', async () => {
    const {
      users: [a, b, c],
      pages: [pageA, pageB],
    } = await friends('Ada', 'Bob', 'Cy');
    const groupID = await createGroupByApi(a, [b, c]);
    await pageA.goto(`${suite.server.url}/chat?groupID=${groupID}`);
    await chat(pageA).log.waitFor();
    await sendText(pageA, 'hi team');
    const message = chat(pageA).log.locator('[data-message-id]').filter({ hasText: 'hi team' });
    await message.getByRole('button', { name: '2 unread' }).waitFor();

    await pageB.goto(`${suite.server.url}/chat?groupID=${groupID}`);
    await chat(pageB).log.getByText('hi team', { exact: true }).waitFor();
    await message.getByRole('button', { name: '1 unread' }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Message receipts' });
    await dialog.getByRole('region', { name: 'Read (1)' }).getByText('Bob').waitFor();
    await dialog.getByRole('region', { name: 'Unread (1)' }).getByText('Cy').waitFor();
  });

  async function createGroupByApi(owner: TestUser, members: TestUser[]): Promise<string> {
    const response = await fetch(`${suite.server.url}/api${GroupPath.createGroup}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', operationID: `e2e-${Date.now()}`, token: owner.imToken },
      body: JSON.stringify({ groupName: 'Trio', memberUserIDs: members.map((m) => m.userID) }),
    });
    const body = (await response.json()) as { data?: { groupID: string } };
    if (!body.data?.groupID) throw new Error(`create_group: ${JSON.stringify(body)}`);
    return body.data.groupID;
  }
});
