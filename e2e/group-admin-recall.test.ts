import { describe, expect, it } from 'vitest';
import { createGroupByApi, openGroupFromList } from './support/groups.ts';
import { chat, makeFriends, openAs, registerByApi, sendText } from './support/messaging.ts';
import { useMessengerSuite } from './support/suite.ts';

/**
 * Issue 11, "a revoke by an admin names the author": an admin recalls a member's message from the
 * long-press menu (docs/product.md#roles-and-permissions), and everyone sees who recalled whose
 * message. Ann owns "Hikers", Bob is its admin, Carl a member.
 */
describe('an admin recalls a member message', () => {
  const suite = useMessengerSuite();

  it("B, an admin, recalls C's message; the menu offers no recall of the owner's", async () => {
    const { server, browser, contexts } = suite;
    const [ann, bob, carl] = await Promise.all(
      ['Ann', 'Bob', 'Carl'].map((name) => registerByApi(server, name)),
    );
    await Promise.all([makeFriends(server, ann, bob), makeFriends(server, ann, carl)]);
    await createGroupByApi(server, ann, 'Hikers', [bob, carl], [bob]);
    const [a, b, c] = await Promise.all([ann, bob, carl].map((user) => openAs(browser, server, user)));
    contexts.push(a.context, b.context, c.context);
    await Promise.all([a.page, b.page, c.page].map((page) => openGroupFromList(page, server, 'Hikers')));

    await sendText(a.page, 'Owner speaking');
    await sendText(c.page, 'Off-topic photo');
    const logB = chat(b.page).log;
    await logB.getByText('Off-topic photo', { exact: true }).waitFor();
    await logB.getByText('Owner speaking', { exact: true }).waitFor();

    // The owner's message is beyond an admin: no Recall in its menu.
    const menu = b.page.getByRole('menu', { name: 'Message actions' });
    await logB.getByText('Owner speaking', { exact: true }).click({ delay: 700 });
    await menu.waitFor();
    await menu.getByRole('menuitem', { name: 'Delete' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Recall' }).count()).toBe(0);
    await b.page.getByRole('button', { name: 'Cancel' }).click();
    await menu.waitFor({ state: 'hidden' });

    await logB.getByText('Off-topic photo', { exact: true }).click({ delay: 700 });
    await menu.getByRole('menuitem', { name: 'Recall' }).click();

    await logB.getByText('You recalled a message of Carl', { exact: true }).waitFor();
    await chat(a.page).log.getByText('Bob recalled a message of Carl', { exact: true }).waitFor();
    await chat(c.page).log.getByText('Bob recalled one of your messages', { exact: true }).waitFor();
    expect(await chat(a.page).log.getByText('Off-topic photo', { exact: true }).count()).toBe(0);
  }, 90_000);
});
