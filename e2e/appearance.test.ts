import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe.ts';
import { chat, makeFriends, openAs, openChatWith, registerByApi, sendText } from './support/messaging.ts';
import { useMessengerSuite } from './support/suite.ts';

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.prefersColorScheme);

/** The relative luminance of the body's computed background (0 black … 1 white). */
async function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body)
      .backgroundColor.match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number)
      .map((c) => c / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });
}

/** Issue 14 "dark mode": it follows the system, the settings override it, and dark stays readable. */
describe('appearance', () => {
  const suite = useMessengerSuite();

  it('is dark on a dark system, with text that keeps its contrast on every main screen', async () => {
    const { server, browser } = suite;
    const [a, b] = await Promise.all([registerByApi(server, 'Ann'), registerByApi(server, 'Bob')]);
    await makeFriends(server, a, b);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      colorScheme: 'dark',
    });
    suite.contexts.push(context);
    const login = await context.newPage();
    await login.goto(`${server.url}/login`);
    await login.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await theme(login)).toBe('dark');
    expect(await backgroundLuminance(login)).toBeLessThan(0.05);
    expect(await seriousViolations(login, ['color-contrast'])).toEqual([]);

    const { page } = await openAs(browser, server, a);
    await page.close();
    const side = await openAs(browser, server, a);
    suite.contexts.push(side.context);
    await side.page.emulateMedia({ colorScheme: 'dark' });
    await openChatWith(side.page, server, b);
    await sendText(side.page, 'Readable at night');
    await chat(side.page).log.getByText('Readable at night').waitFor();
    expect(await theme(side.page)).toBe('dark');
    expect(await seriousViolations(side.page, ['color-contrast'])).toEqual([]);
    for (const path of ['/conversation', '/accountSettings', '/profile']) {
      await side.page.goto(`${server.url}${path}`);
      await side.page
        .getByRole('navigation', { name: 'Main sections' })
        .or(side.page.getByRole('heading'))
        .first()
        .waitFor();
      expect(await backgroundLuminance(side.page)).toBeLessThan(0.05);
      expect(await seriousViolations(side.page, ['color-contrast'])).toEqual([]);
    }
  });

  it('follows the choice in settings over the system, across a reload, and back to the system', async () => {
    const { server, browser } = suite;
    const c = await registerByApi(server, 'Cleo');
    const { context, page } = await openAs(browser, server, c, '/accountSettings');
    suite.contexts.push(context);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('radio', { name: 'Follow system' }).waitFor();
    expect(await theme(page)).toBe('light');
    await page.getByRole('radio', { name: 'Dark' }).click();
    expect(await theme(page)).toBe('dark');
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);
    await page.reload();
    await page.getByRole('radio', { name: 'Dark' }).waitFor();
    expect(await theme(page)).toBe('dark');
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Follow system' }).click();
    expect(await theme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
    await page.getByRole('radio', { name: 'Light' }).click();
    expect(await theme(page)).toBe('light');
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
  });
});
