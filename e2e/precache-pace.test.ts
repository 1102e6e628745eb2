import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openAs, registerByApi } from './support/messaging.ts';
import { waitForWorker } from './support/service-worker.ts';
import { useMessengerSuite } from './support/suite.ts';

/** Files the app's worker has precached so far (workbox's precache, in the page's origin). */
function precachedFiles(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let count = 0;
    for (const name of await caches.keys()) {
      if (name.includes('precache')) count += (await (await caches.open(name)).keys()).length;
    }
    return count;
  });
}

/** Resolves once the app has registered its worker and that worker is installing. */
function untilInstalling(page: Page): Promise<void> {
  return page.evaluate(async () => {
    for (let tries = 0; tries < 400; tries += 1) {
      if ((await navigator.serviceWorker.getRegistration())?.installing) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the app registered no installing worker within 10 s');
  });
}

/**
 * Issue 14, first screen and runtime speed: the worker's install (seconds of fetching, storing and
 * compiling the app) waits while the user presses or types, so a tap in the first seconds of a first
 * visit does not share the machine with it, and ends once they stop (docs/decisions.md#first-screen).
 */
describe('the app’s install on a first visit', () => {
  const suite = useMessengerSuite();

  it('precaches between the user’s interactions, and finishes once they stop', async () => {
    const { server, browser } = suite;
    const user = await registerByApi(server, 'Pia');
    const { context, page } = await openAs(browser, server, user);
    suite.contexts.push(context);
    await page.getByRole('navigation', { name: 'Main sections' }).waitFor();
    await untilInstalling(page);

    // The user types for two seconds: a key every 150 ms.
    await page.keyboard.press('Shift');
    const atFirstKey = await precachedFiles(page);
    for (let key = 0; key < 13; key += 1) {
      await page.waitForTimeout(150);
      await page.keyboard.press('Shift');
    }
    const afterTyping = await precachedFiles(page);
    // The file being fetched when the typing began may still land, and no more.
    expect(afterTyping - atFirstKey).toBeLessThanOrEqual(2);
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.installing)),
    ).toBe(true);

    // Left alone, the install goes on and ends with the whole app stored.
    await waitForWorker(page);
    expect(await precachedFiles(page)).toBeGreaterThan(afterTyping + 20);
  });
});
