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
  // Calls: fake camera and microphone, granted without a prompt; the remote sound may start playing
  // without a fresh gesture (a person has tapped call or accept; a test's click may land earlier).
  if (options.calls)
    args.push(
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    );
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
