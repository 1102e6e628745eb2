import type { Page } from 'playwright-core';

/**
 * Waits until the app's service worker is active: installed, so the app is precached and a reload
 * opens without a network. (`ready` resolves once a worker is active, which only follows a
 * completed install.)
 */
export async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}
