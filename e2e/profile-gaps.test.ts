import { describe, expect, it } from 'vitest';
import { ChatPath, Header } from '@im/protocol';
import type { Page } from 'playwright-core';
import { confirmDialog, toastShown } from './support/groups.ts';
import { eventually, openAs, registerByApi } from './support/messaging.ts';
import type { TestUser } from './support/messaging.ts';
import { useMessengerSuite } from './support/suite.ts';

/**
 * Issue 11, item 6 on one phone: the username (hint, refused when taken), the age from the birthday,
 * and the debug log upload in About (docs/product.md#routes, docs/product.md#validation).
 */
describe('profile: username, age and the debug log', () => {
  const suite = useMessengerSuite();

  /** /chat/user/update as the user (their chat token). */
  async function updateByApi(user: TestUser, fields: Record<string, unknown>): Promise<void> {
    const response = await fetch(`${suite.server.url}/chat${ChatPath.updateUser}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [Header.operationID]: `e2e-${Date.now()}`,
        [Header.token]: user.chatToken,
      },
      body: JSON.stringify({ userID: user.userID, ...fields }),
    });
    expect(((await response.json()) as { errCode: number }).errCode).toBe(0);
  }

  const usernameSheet = (page: Page) => page.getByRole('dialog', { name: 'Set username' });

  it('sets a username with its hint shown, refuses a taken one, and shows the age', async () => {
    const { server, browser, contexts } = suite;
    const [ann, bob] = await Promise.all([registerByApi(server, 'Ann'), registerByApi(server, 'Bob')]);
    await updateByApi(bob, { userName: 'bobby2026' });
    // Born on this day 30 years ago: 30 today.
    const born = new Date();
    born.setFullYear(born.getFullYear() - 30, born.getMonth(), born.getDate());
    born.setHours(0, 0, 0, 0);
    await updateByApi(ann, { birth: born.getTime() });
    const side = await openAs(browser, server, ann, '/selfInfoDetails');
    contexts.push(side.context);
    const { page } = side;

    await page.getByRole('heading', { name: 'Personal information' }).waitFor();
    await eventually(() =>
      page.getByText('Age', { exact: true }).locator('..').locator('..').textContent(),
    ).toContain('30');

    await page.getByRole('button', { name: 'Username', exact: true }).click();
    const sheet = usernameSheet(page);
    await sheet.getByText('6-12 characters of letters and digits').waitFor();
    const input = sheet.getByRole('textbox', { name: 'Username' });
    await input.fill('ab');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await sheet.getByRole('alert').filter({ hasText: 'must be 6-12 characters' }).waitFor();

    await input.fill('BOBBY2026');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await toastShown(page, 'Operation failed: This username is already taken');
    await input.fill('ann2026x');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await toastShown(page, 'Username saved');
    await sheet.waitFor({ state: 'hidden' });
    await page.getByText('ann2026x', { exact: true }).waitFor();
  });

  it('uploads the debug log from About after a confirmation; the server keeps it for the user', async () => {
    const { server, browser, contexts } = suite;
    const cara = await registerByApi(server, 'Cara');
    const side = await openAs(browser, server, cara, '/conversation');
    contexts.push(side.context);
    const { page } = side;
    await page.getByRole('heading', { name: 'Chats', exact: true }).waitFor();
    await page.goto(`${server.url}/about`);
    await page.getByRole('button', { name: 'Upload debug log' }).click();
    await confirmDialog(page, 'Send the recent log lines', 'Send');
    await toastShown(page, 'Debug log uploaded');
    const rows = await server.app.messenger.db
      .selectFrom('debugLogs')
      .selectAll()
      .where('userId', '=', cara.userID)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].content).toContain('event connectSuccess');
    expect(rows[0].content).not.toContain(cara.imToken);
    expect(rows[0].content).not.toContain(cara.chatToken);
  });
});
