import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { startTestServer } from '@im/server/testing';
import { round } from '../messaging/stats.ts';

/** Network profiles as Chrome DevTools defines them (throughput in bytes/s, latency in ms). */
const profiles = {
  'fast 3G': {
    latency: 562.5,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
  'slow 4G': {
    latency: 150,
    downloadThroughput: (4 * 1024 * 1024) / 8,
    uploadThroughput: (3 * 1024 * 1024) / 8,
  },
  loopback: { latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
};

interface Load {
  profile: string;
  visit: 'cold' | 'warm';
  loginVisibleMs: number;
  domContentLoadedMs: number;
  transferredKiB: number;
  requests: number;
}

/** Loads /login and waits until the "Log in" button shows; bytes counted from the responses. */
async function measure(page: Page, url: string): Promise<Omit<Load, 'profile' | 'visit'>> {
  let bytes = 0;
  let requests = 0;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  const loginVisibleMs = Date.now() - started;
  const domContentLoadedMs = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return nav.domContentLoadedEventEnd;
  });
  return {
    loginVisibleMs,
    domContentLoadedMs: round(domContentLoadedMs),
    transferredKiB: round(bytes / 1024),
    requests,
  };
}

export async function main(): Promise<void> {
  const webDist = fileURLToPath(new URL('../../packages/web/dist', import.meta.url));
  const server = await startTestServer({ webDist });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const loads: Load[] = [];
  try {
    for (const [profile, conditions] of Object.entries(profiles)) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        locale: 'en-US',
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
      for (const visit of ['cold', 'warm'] as const) {
        loads.push({ profile, visit, ...(await measure(page, `${server.url}/login`)) });
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  write(loads);
}

function write(loads: Load[]): void {
  const dir = fileURLToPath(new URL('../results', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const rows = loads.map(
    (l) =>
      `| ${l.profile} | ${l.visit} | ${l.loginVisibleMs} | ${l.domContentLoadedMs} | ${l.transferredKiB} | ${l.requests} |`,
  );
  const markdown = [
    `# First screen (${new Date().toISOString()})`,
    '',
    'Time from navigation to the login screen usable ("Log in" button shown) in Chromium at 390×844,',
    'with DevTools network emulation; warm = second visit in the same context (cache).',
    '',
    '| network | visit | login shown ms | DOMContentLoaded ms | transferred KiB | requests |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(join(dir, 'first-screen-latest.md'), markdown);
  writeFileSync(
    join(dir, `first-screen-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    `${JSON.stringify(loads, null, 2)}\n`,
  );
  console.log(markdown);
}
