import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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

/** Issue "Rich messages": replies, merged forwards, cards, locations and stickers on two phones. */
describe('rich messages in the browser', () => {
  const suite = useMessengerSuite();

  async function phone(user: TestUser, path?: string) {
    const opened = await openAs(suite.browser, suite.server, user, path);
    suite.contexts.push(opened.context);
    return opened;
  }

  async function friends(...names: string[]) {
    const users = await Promise.all(names.map((name) => registerByApi(suite.server, name)));
    for (let i = 0; i < users.length; i++)
      for (let j = i + 1; j < users.length; j++) await makeFriends(suite.server, users[i]!, users[j]!);
    return users;
  }

  /** Long-presses a message bubble and picks an item of its menu. */
  async function menuOn(page: Page, text: string, item: string) {
    await chat(page).log.getByText(text, { exact: true }).last().click({ delay: 700 });
    await page.getByRole('menu', { name: 'Message actions' }).getByRole('menuitem', { name: item }).click();
  }

  it('A replies to B’s message: B sees the quote, and tapping it scrolls to the original', async () => {
    const [a, b] = await friends('Ann', 'Bob');
    const pageA = (await phone(a!)).page;
    const pageB = (await phone(b!)).page;
    await openChatWith(pageB, suite.server, a!);
    await sendText(pageB, 'Lunch at noon?');
    // Enough messages after it that the original is out of view when the reply arrives.
    for (let i = 1; i <= 14; i++) await sendText(pageB, `filler ${i}`);
    await openChatWith(pageA, suite.server, b!);
    await chat(pageA).log.getByText('filler 14', { exact: true }).waitFor();
    await chat(pageA).log.getByText('Lunch at noon?', { exact: true }).scrollIntoViewIfNeeded();
    await menuOn(pageA, 'Lunch at noon?', 'Reply');
    await pageA.getByRole('status').filter({ hasText: 'Replying to Bob' }).waitFor();
    await sendText(pageA, 'Yes, see you there');

    const quote = chat(pageB).log.getByRole('button', { name: 'Quoted message from Bob' });
    await quote.waitFor();
    await expect.poll(() => quote.textContent()).toContain('Lunch at noon?');
    // The original's text, not the same words inside the quote.
    const original = chat(pageB).log.locator('span:not(button *)', { hasText: /^Lunch at noon\?$/ });
    // In view: rendered and inside the window (the list may keep off-screen rows rendered).
    const inView = async () =>
      (await original.count()) > 0 &&
      (await original.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && box.height > 0;
      }));
    expect(await inView()).toBe(false);
    await quote.click();
    await eventually(inView).toBe(true);
  });

  it('A forwards three messages as merged to C; C opens them and reads all three', async () => {
    const [a, b, c] = await friends('Ann', 'Bob', 'Cat');
    const pageA = (await phone(a!)).page;
    const pageC = (await phone(c!)).page;
    await openChatWith(pageA, suite.server, b!);
    for (const text of ['first note', 'second note', 'third note']) await sendText(pageA, text);
    await menuOn(pageA, 'first note', 'Multi-select');
    await pageA.getByRole('checkbox', { name: 'Select message: second note' }).check();
    await pageA.getByRole('checkbox', { name: 'Select message: third note' }).check();
    await pageA.getByRole('toolbar').getByText('3 selected').waitFor();
    await pageA.getByRole('button', { name: 'Forward as merged' }).click();
    const picker = pageA.getByRole('dialog', { name: 'Choose chats' });
    await picker.getByRole('group', { name: 'Friends' }).getByRole('checkbox', { name: 'Cat' }).check();
    await picker.getByRole('button', { name: 'Send' }).click();
    await pageA.getByText('Sent', { exact: true }).waitFor();

    await openChatWith(pageC, suite.server, a!);
    const title = 'Chat history of Ann and Bob';
    const merged = chat(pageC).log.getByRole('button', { name: `Open chat history: ${title}` });
    await merged.waitFor();
    await merged.click();
    const view = pageC.getByRole('dialog', { name: title });
    for (const text of ['first note', 'second note', 'third note'])
      await view.getByText(text, { exact: true }).waitFor();
    await view.getByRole('button', { name: 'Close' }).click();
  });

  it('A shares B’s card with C; C opens B’s card from it', async () => {
    const [a, b, c] = await friends('Ann', 'Bob', 'Cat');
    const pageA = (await phone(a!, `/userCard?userID=${b!.userID}`)).page;
    const pageC = (await phone(c!)).page;
    await pageA.getByRole('button', { name: 'Share card' }).click();
    const picker = pageA.getByRole('dialog', { name: 'Choose chats' });
    await picker.getByRole('group', { name: 'Friends' }).getByRole('checkbox', { name: 'Cat' }).check();
    await picker.getByRole('button', { name: 'Send' }).click();
    await pageA.getByText('Sent', { exact: true }).waitFor();

    await openChatWith(pageC, suite.server, a!);
    await chat(pageC).log.getByRole('button', { name: 'Card of Bob' }).click();
    await pageC.waitForURL(new RegExp(`/userCard\\?userID=${b!.userID}`));
    await pageC.getByRole('heading', { name: 'Bob' }).waitFor();
  });

  it('a location with a name shows the name on both sides, with a map link', async () => {
    const [a, b] = await friends('Ann', 'Bob');
    const opened = await phone(a!);
    await opened.context.grantPermissions(['geolocation']);
    await opened.context.setGeolocation({ latitude: 48.8584, longitude: 2.2945 });
    const pageA = opened.page;
    const pageB = (await phone(b!)).page;
    await openChatWith(pageA, suite.server, b!);
    await openChatWith(pageB, suite.server, a!);
    await pageA.getByRole('button', { name: 'More', exact: true }).click();
    await pageA
      .getByRole('group', { name: 'More actions' })
      .getByRole('button', { name: 'Location' })
      .click();
    const sheet = pageA.getByRole('dialog', { name: 'Location' });
    await sheet.getByText('48.85840, 2.29450').waitFor();
    await sheet.getByLabel('Place name').fill('Eiffel Tower');
    await sheet.getByRole('button', { name: 'Send' }).click();
    for (const page of [pageA, pageB]) {
      const link = chat(page).log.getByRole('link', { name: 'Open Eiffel Tower in OpenStreetMap' });
      await link.waitFor();
      expect(await link.getAttribute('href')).toContain('openstreetmap.org/?mlat=48.858400&mlon=2.294500');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('a location without permission says so and sends nothing', async () => {
    const [a, b] = await friends('Ann', 'Bob');
    const pageA = (await phone(a!)).page;
    await openChatWith(pageA, suite.server, b!);
    await pageA.getByRole('button', { name: 'More', exact: true }).click();
    await pageA
      .getByRole('group', { name: 'More actions' })
      .getByRole('button', { name: 'Location' })
      .click();
    const sheet = pageA.getByRole('dialog', { name: 'Location' });
    await sheet.getByRole('alert').filter({ hasText: 'Location permission was denied' }).waitFor();
    expect(await sheet.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
  });

  it('a sticker sent shows on both sides', async () => {
    const [a, b] = await friends('Ann', 'Bob');
    const pageA = (await phone(a!)).page;
    const pageB = (await phone(b!)).page;
    await openChatWith(pageA, suite.server, b!);
    await openChatWith(pageB, suite.server, a!);
    await pageA.getByRole('button', { name: 'Stickers' }).click();
    await pageA
      .getByRole('group', { name: 'Stickers' })
      .getByRole('button', { name: 'Sticker: Thumbs up' })
      .click();
    for (const page of [pageA, pageB])
      await chat(page).log.getByRole('img', { name: 'Sticker: Thumbs up' }).waitFor();
  });
});
