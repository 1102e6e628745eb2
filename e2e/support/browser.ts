import { chromium } from 'playwright-core';
import type { Browser, BrowserContext } from 'playwright-core';

/** Debian's Chromium with the flags this machine needs (no sandbox as root, no background traffic). */
export async function launchChromium(options: { calls?: boolean } = {}): Promise<Browser> {
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ];
  if (options.calls) args.push('--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream');
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
}

/** A phone-sized context (390×844), one per user; `locale` sets the browser language. */
export async function newPhoneContext(browser: Browser, locale = 'en-US'): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
  });
  context.setDefaultTimeout(15_000);
  return context;
}
