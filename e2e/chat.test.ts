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

/** Issue "Messaging core": one-to-one chat between two phones against the real server. */
describe('one-to-one chat in the browser', () => {
  const suite = useMessengerSuite();

  async function twoUsers(first = 'Ann', second = 'Bob') {
    const [a, b] = await Promise.all([
      registerByApi(suite.server, first),
      registerByApi(suite.server, second),
    ]);
    await makeFriends(suite.server, a, b);
    const [pa, pb] = await Promise.all([
      openAs(suite.browser, suite.server, a),
      openAs(suite.browser, suite.server, b),
    ]);
    suite.contexts.push(pa.context, pb.context);
    return { a, b, pageA: pa.page, pageB: pb.page };
  }

  it('exchanges messages live both ways: the open chat and the list follow', async () => {
    const { a, b, pageA, pageB } = await twoUsers();
    await openChatWith(pageA, suite.server, b);
    await pageB.getByRole('heading', { name: 'Chats', exact: true }).waitFor();

    await sendText(pageA, 'Hello Bob');
    // B is on the list: the conversation comes up with the message and one unread.
    const rowB = chatList(pageB).row(a.nickname);
    await eventually(() => rowB.textContent()).toContain('Hello Bob');
    await eventually(() => chatList(pageB).item(a.nickname).getByLabel('1 unread').count()).toBe(1);

    await rowB.click();
    await pageB.waitForURL(/\/chat\?conversationID=/);
    await pageB.getByRole('heading', { name: a.nickname, exact: true }).waitFor();
    await chat(pageB).log.getByText('Hello Bob', { exact: true }).waitFor();

    await sendText(pageB, 'Hi Ann');
    await chat(pageA).log.getByText('Hi Ann', { exact: true }).waitFor();

    await sendText(pageA, 'How are you?');
    await chat(pageB).log.getByText('How are you?', { exact: true }).waitFor();
    // Messages in the log are in the order they were sent, on both sides.
    for (const page of [pageA, pageB]) {
      const texts = await chat(page)
        .log.getByText(/^(Hello Bob|Hi Ann|How are you\?)$/)
        .allTextContents();
      expect(texts).toEqual(['Hello Bob', 'Hi Ann', 'How are you?']);
    }

    // Back on B's list: the row shows the latest message, read while the chat was open.
    await pageB.getByRole('button', { name: 'Back' }).click();
    await pageB.waitForURL(/\/conversation$/);
    await eventually(() => rowB.textContent()).toContain('How are you?');
    await eventually(() =>
      chatList(pageB)
        .item(a.nickname)
        .getByLabel(/unread/)
        .count(),
    ).toBe(0);
  });

  it('shows "typing…" on the peer\'s header while the other types, and hides it when they stop', async () => {
    const { a, b, pageA, pageB } = await twoUsers();
    await openChatWith(pageA, suite.server, b);
    await openChatWith(pageB, suite.server, a);
    const typingOnB = pageB.getByRole('status').filter({ hasText: 'typing…' });
    await eventually(() => typingOnB.count()).toBe(0);

    await chat(pageA).input.pressSequentially('Are you th', { delay: 30 });
    await typingOnB.waitFor();
    // Under the heading of A's chat on B's phone; A sees nothing of the kind.
    expect(await pageB.getByRole('heading', { name: a.nickname, exact: true }).isVisible()).toBe(true);
    expect(await pageA.getByRole('status').filter({ hasText: 'typing…' }).count()).toBe(0);

    // No more notices once A stops: the indicator goes after its few seconds.
    await typingOnB.waitFor({ state: 'detached', timeout: 10_000 });
    await chat(pageA).input.pressSequentially('ere?', { delay: 30 });
    await typingOnB.waitFor();
  });

  it('recalls a message: the sender and the peer see the recall notice in its place', async () => {
    const { a, b, pageA, pageB } = await twoUsers();
    await openChatWith(pageA, suite.server, b);
    await openChatWith(pageB, suite.server, a);
    await sendText(pageA, 'Keep this');
    await sendText(pageA, 'Oops, wrong chat');
    await chat(pageB).log.getByText('Oops, wrong chat', { exact: true }).waitFor();

    await chat(pageA).log.getByText('Oops, wrong chat', { exact: true }).click({ delay: 700 });
    const menu = pageA.getByRole('menu', { name: 'Message actions' });
    await menu.waitFor();
    await menu.getByRole('menuitem', { name: 'Recall' }).click();

    await chat(pageA).log.getByText('You recalled a message', { exact: true }).waitFor();
    await chat(pageB).log.getByText(`${a.nickname} recalled a message`, { exact: true }).waitFor();
    for (const page of [pageA, pageB]) {
      const { log } = chat(page);
      await eventually(() => log.getByText('Oops, wrong chat').count()).toBe(0);
      expect(await log.getByText('Keep this', { exact: true }).count()).toBe(1);
      expect(await log.getByText(/recalled a message/).count()).toBe(1);
    }

    // The notice is the last message of B's row too, and a reload shows it once.
    await pageB.reload();
    await chat(pageB).log.getByText(`${a.nickname} recalled a message`, { exact: true }).waitFor();
    expect(
      await chat(pageB)
        .log.getByText(/recalled a message/)
        .count(),
    ).toBe(1);
    await pageB.getByRole('button', { name: 'Back' }).click();
    await eventually(() => chatList(pageB).row(a.nickname).textContent()).toContain(
      `${a.nickname} recalled a message`,
    );
  });

  it('makes addresses links that open apart, and shows markup as text', async () => {
    const { a, b, pageA, pageB } = await twoUsers();
    const dialogs: string[] = [];
    for (const page of [pageA, pageB]) page.on('dialog', (dialog) => dialogs.push(dialog.message()));
    await openChatWith(pageA, suite.server, b);
    await openChatWith(pageB, suite.server, a);

    await sendText(pageA, 'see https://example.com/page and www.example.org');
    const markup = '<img src=x onerror=alert(1)>';
    await sendText(pageA, markup);

    for (const page of [pageB, pageA]) {
      const { log } = chat(page);
      await log.getByText(markup, { exact: true }).waitFor();
      const first = log.getByRole('link', { name: 'https://example.com/page', exact: true });
      await eventually(() => first.getAttribute('href')).toBe('https://example.com/page');
      expect(await first.getAttribute('target')).toBe('_blank');
      expect((await first.getAttribute('rel'))?.split(' ')).toContain('noopener');
      const second = log.getByRole('link', { name: 'www.example.org', exact: true });
      expect(await second.getAttribute('href')).toBe('https://www.example.org/');
      expect(await second.getAttribute('target')).toBe('_blank');
      expect((await second.getAttribute('rel'))?.split(' ')).toContain('noopener');
      // The words around the links stay text, and the markup made no element.
      expect(await log.getByText(/^see /).count()).toBeGreaterThan(0);
      expect(await log.locator('img').count()).toBe(0);
    }

    // The link opens in a new tab of its own (answered here: the journey needs no internet).
    await pageB
      .context()
      .route('https://example.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Example page</title>' }),
      );
    const [popup] = await Promise.all([
      pageB.context().waitForEvent('page'),
      chat(pageB).log.getByRole('link', { name: 'https://example.com/page', exact: true }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://example.com/page');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    expect(dialogs).toEqual([]);
  });

  it('keeps a draft typed and left: the list shows it with the draft label, the chat gives it back', async () => {
    const { a, b, pageA, pageB } = await twoUsers();
    await openChatWith(pageB, suite.server, a);
    await sendText(pageB, 'Lunch tomorrow?');
    const row = chatList(pageA).row(b.nickname);
    await eventually(() => row.textContent()).toContain('Lunch tomorrow?');

    await row.click();
    await chat(pageA).log.getByText('Lunch tomorrow?', { exact: true }).waitFor();
    await chat(pageA).input.fill('Sure, at noon');
    await pageA.getByRole('button', { name: 'Back' }).click();
    await pageA.waitForURL(/\/conversation$/);

    await eventually(() => row.textContent()).toContain('[Draft] Sure, at noon');
    // It is kept by the server: a reload (the app started again) shows it too.
    await pageA.reload();
    await eventually(() => row.textContent()).toContain('[Draft] Sure, at noon');

    await row.click();
    await eventually(() => chat(pageA).input.inputValue()).toBe('Sure, at noon');
    await chat(pageA).input.press('Enter');
    await chat(pageB).log.getByText('Sure, at noon', { exact: true }).waitFor();
    await pageA.getByRole('button', { name: 'Back' }).click();
    await eventually(() => row.textContent()).not.toContain('[Draft]');
    expect(await row.textContent()).toContain('Sure, at noon');
  });
});
