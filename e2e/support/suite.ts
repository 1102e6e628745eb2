import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { TestServer } from '@im/server/testing';
import { launchChromium } from './browser.ts';
import { startMessenger } from './server.ts';

export interface MessengerSuite {
  readonly server: TestServer;
  readonly browser: Browser;
  /** The phones opened by the tests, closed after the last one. */
  readonly contexts: BrowserContext[];
}

/**
 * For the describe block it is called in: a real server (with `env` added to its settings) and a
 * Chromium, started before its tests; after them the phones in `contexts`, the browser and the server
 * are closed.
 */
export function useMessengerSuite(env: Record<string, string> = {}): MessengerSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startMessenger(env);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.close();
  });

  return {
    get server() {
      if (!server) throw new Error('the server starts before the tests');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts before the tests');
      return browser;
    },
    contexts,
  };
}
