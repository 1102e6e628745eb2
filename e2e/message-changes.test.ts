import { describe, expect, it } from 'vitest';
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
import { useMessengerSuite } from './support/suite.ts';

/** Issue 11: edits and reactions between two phones against the real server (docs/product.md#edits-and-reactions). */
describe('edits and reactions in the browser', () => {
  const suite = useMessengerSuite();

  it('A edits a message and B sees the new text marked edited; B reacts 👍 and A sees the count', async () => {
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
    await openChatWith(pageB, suite.server, a);
    await sendText(pageA, 'See you at 5');
    await chat(pageB).log.getByText('See you at 5', { exact: true }).waitFor();

    // A: long-press, Edit, change the text in the composer, send.
    await chat(pageA).log.getByText('See you at 5', { exact: true }).click({ delay: 700 });
    const menuA = pageA.getByRole('menu', { name: 'Message actions' });
    await menuA.getByRole('menuitem', { name: 'Edit' }).click();
    await pageA.getByRole('button', { name: 'Cancel editing' }).waitFor();
    expect(await chat(pageA).input.inputValue()).toBe('See you at 5');
    await chat(pageA).input.fill('See you at 6');
    await chat(pageA).input.press('Enter');
    await pageA.getByRole('button', { name: 'Cancel editing' }).waitFor({ state: 'detached' });

    // Both phones show the new text, marked edited, once; the old text is gone.
    for (const page of [pageA, pageB]) {
      const { log } = chat(page);
      await log.getByText('See you at 6', { exact: true }).waitFor();
      await log.getByText('edited', { exact: true }).waitFor();
      await eventually(() => log.getByText('See you at 5', { exact: true }).count()).toBe(0);
    }

    // B: long-press, 👍; A sees the count under the bubble and who reacted.
    await chat(pageB).log.getByText('See you at 6', { exact: true }).click({ delay: 700 });
    await pageB
      .getByRole('menu', { name: 'Message actions' })
      .getByRole('menuitemcheckbox', { name: 'React with 👍' })
      .click();
    const countOnA = chat(pageA).log.getByRole('button', { name: '👍 1: show who reacted' });
    await countOnA.waitFor();
    await chat(pageB).log.getByRole('button', { name: '👍 1: show who reacted' }).waitFor();
    await countOnA.click();
    const sheet = pageA.getByRole('dialog', { name: 'Who reacted' });
    await sheet.getByText(b.nickname).waitFor();

    // After a reload B still sees the edit and the reaction; the list shows the new text.
    await pageB.reload();
    await chat(pageB).log.getByText('See you at 6', { exact: true }).waitFor();
    await chat(pageB).log.getByRole('button', { name: '👍 1: show who reacted' }).waitFor();
    await pageB.getByRole('button', { name: 'Back' }).click();
    await eventually(() => chatList(pageB).row(a.nickname).textContent()).toContain('See you at 6');
  });
});
