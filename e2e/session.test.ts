import { describe, expect, it } from 'vitest';
import { newPhoneContext } from './support/browser.ts';
import { logInThroughScreens } from './support/journey.ts';
import { openAs, registerByApi } from './support/messaging.ts';
import { useMessengerSuite } from './support/suite.ts';

/** Issue "Messaging core": one session per platform; the older one is told and sent to /login. */
describe('a second login of the same user', () => {
  const suite = useMessengerSuite();

  it('kicks the first browser offline with a toast, then it is on /login and stays logged out', async () => {
    const user = await registerByApi(suite.server, 'Kim');
    const first = await openAs(suite.browser, suite.server, user);
    suite.contexts.push(first.context);
    await first.page.getByRole('heading', { name: 'Chats', exact: true }).waitFor();

    const second = await newPhoneContext(suite.browser);
    suite.contexts.push(second);
    const page = await second.newPage();
    await logInThroughScreens(page, suite.server.url, user.email, user.password);
    await page.waitForURL(/\/conversation$/);

    await first.page
      .getByText('your account has been logged in on another device, please log in again')
      .waitFor();
    await first.page.waitForURL(/\/login$/);
    await first.page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await first.page.evaluate(() => localStorage.getItem('IM_TOKEN'))).toBeNull();
    // A reload does not bring the old session back.
    await first.page.goto(`${suite.server.url}/conversation`);
    await first.page.waitForURL(/\/login$/);

    // The new login is the one that stays.
    await page.reload();
    await page.getByRole('heading', { name: 'Chats', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/conversation');
  });
});
