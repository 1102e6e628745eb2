import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '@im/server/testing';
import { launchChromium, newPhoneContext } from './support/browser.ts';
import { logInThroughScreens, registerThroughScreens } from './support/journey.ts';
import { startMessenger } from './support/server.ts';

/** Issue "Foundation": accounts and sign-in from a phone-sized browser against the real server. */
describe('accounts in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  const user = { email: `ann-${Date.now()}@example.com`, password: 'abc12345', nickname: 'Ann' };

  beforeAll(async () => {
    server = await startMessenger();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('registers by e-mail with a code, lands on /conversation, logs out and logs in again', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    await registerThroughScreens(page, server.url, user, (email) => server.codes.get(`email:${email}`));
    // The address bar lost the registration query on /setBaseInfo; now on the chats tab.
    await page.getByRole('link', { name: 'Me', exact: true }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByText('Ann', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByText('Are you sure you want to log out?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('IM_TOKEN'))).toBeNull();

    await logInThroughScreens(page, server.url, user.email, user.password);
    await page.waitForURL(/\/conversation$/);
    await context.close();
  });

  it('shows "password error" for a wrong password and stays on /login', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    await logInThroughScreens(page, server.url, user.email, 'wrong1234');
    await page.getByText('password error').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('stays on /profile when a logged-in user reloads it', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    await logInThroughScreens(page, server.url, user.email, user.password);
    await page.waitForURL(/\/conversation$/);
    await page.goto(`${server.url}/profile`);
    await page.getByText('Ann', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('Ann', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await context.close();
  });

  it('sends a visitor without a session from a guarded page to /login', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/profile`);
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it.each(['/verifyCode?baseData=%7Bnot-json', '/setPassword?baseData=oops'])(
    'returns to /login from %s with an unparsable baseData',
    async (path) => {
      const context = await newPhoneContext(browser);
      const page = await context.newPage();
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(/\/login$/);
      await context.close();
    },
  );

  it('is in Chinese by default and in English with an English browser', async () => {
    const zh = await newPhoneContext(browser, 'zh-CN');
    const zhPage = await zh.newPage();
    await zhPage.goto(`${server.url}/login`);
    await zhPage.getByRole('button', { name: '登录' }).waitFor();
    await zh.close();

    const fr = await newPhoneContext(browser, 'fr-FR');
    const frPage = await fr.newPage();
    await frPage.goto(`${server.url}/login`);
    await frPage.getByRole('button', { name: '登录' }).waitFor();
    await fr.close();

    const en = await newPhoneContext(browser, 'en-US');
    const enPage = await en.newPage();
    await enPage.goto(`${server.url}/login`);
    await enPage.getByRole('button', { name: 'Log in' }).waitFor();
    await en.close();
  });
});
