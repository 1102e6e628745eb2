import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chatList, makeFriends, openAs, registerByApi } from './support/messaging.ts';
import { useMessengerSuite } from './support/suite.ts';

interface Loaded {
  name: string;
  startTime: number;
  responseEnd: number;
}

/** The app's script files the page has loaded so far, with when each was asked for and arrived. */
function loadedScripts(page: Page): Promise<Loaded[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return {
          name: new URL(timing.name).pathname,
          startTime: timing.startTime,
          responseEnd: timing.responseEnd,
        };
      }),
  );
}

function find(scripts: Loaded[], file: RegExp): Loaded {
  const found = scripts.find((script) => file.test(script.name));
  if (!found) throw new Error(`${file} not loaded: ${scripts.map((script) => script.name).join(', ')}`);
  return found;
}

/**
 * The chat's prefetch after the first screen evaluates the chat's code in parts, one per idle
 * period: its animation and gesture libraries, then its history list, then the chat itself, each a
 * file of its own asked for once the one before has arrived (docs/decisions.md#first-screen).
 * Evaluated together they were one long task of the list's start.
 */
describe("the chat's prefetch", () => {
  const suite = useMessengerSuite();

  it('loads the chat in parts, one after another, after the list shows', async () => {
    const [ann, bob] = await Promise.all([
      registerByApi(suite.server, 'Ann'),
      registerByApi(suite.server, 'Bob'),
    ]);
    await makeFriends(suite.server, ann, bob);
    const { context, page } = await openAs(suite.browser, suite.server, bob);
    suite.contexts.push(context);
    await chatList(page).row('Ann').waitFor();

    // After the first screen, three idle periods: seconds on a busy machine.
    await expect
      .poll(async () => (await loadedScripts(page)).some((script) => /\/chat-page-/.test(script.name)), {
        timeout: 15_000,
      })
      .toBe(true);
    const scripts = await loadedScripts(page);
    const motion = find(scripts, /\/chat-motion-[\w-]+\.js$/);
    const history = find(scripts, /\/chat-history-[\w-]+\.js$/);
    const chat = find(scripts, /\/chat-page-[\w-]+\.js$/);
    expect(motion.responseEnd).toBeLessThanOrEqual(history.startTime);
    expect(history.responseEnd).toBeLessThanOrEqual(chat.startTime);
    // The list's own file came first: none of the chat's parts is part of the first screen.
    expect(find(scripts, /\/home-[\w-]+\.js$/).responseEnd).toBeLessThanOrEqual(motion.startTime);
  });
});
