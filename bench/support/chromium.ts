import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

/** The flags this machine needs (no sandbox as root, no GPU, no background traffic). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium with the flags this machine needs. */
export function launchChromium(extra: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS, ...extra] });
}
