import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '@im/server/testing';
import { describeMachine, resultsDir } from '../messaging/bench-options.ts';
import { round } from '../messaging/stats.ts';
import { befriend, commitOf, registerUser, signInContext, startWebServer } from '../support/bench-server.ts';
import { launchChromium } from '../support/chromium.ts';

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

/** The budget of JavaScript and CSS transferred before a first screen is usable (docs/decisions.md#first-screen). */
const BUDGET_KB = 150;

type ScreenName = 'login' | 'conversation list';

interface Load {
  screen: ScreenName;
  profile: string;
  visit: 'cold' | 'warm';
  usableMs: number;
  domContentLoadedMs: number;
  /** JavaScript and CSS as transferred (compressed), in kB (1000 bytes), before the screen was usable. */
  scriptAndStyleKB: number;
  transferredKB: number;
  requests: number;
  /** The JavaScript and CSS files loaded by then, with their sizes as transferred. */
  files: string[];
}

type Usable = 'login' | 'chats';

declare global {
  interface Window {
    usableAt?: number;
  }
}

/**
 * In the page, before any of its code: notes the moment (performance.now()) the screen became
 * usable, from a MutationObserver, so that what loaded after it is not counted even when the
 * bench's own polling notices the screen a little later.
 */
function watchUsable(kind: Usable): void {
  const isUsable = () =>
    kind === 'login'
      ? Array.from(document.querySelectorAll('button[type=submit]')).some(
          (b) => b.textContent?.trim() === 'Log in',
        )
      : document.querySelector('ul[aria-label="Chats"] > li') !== null;
  const observer = new MutationObserver(() => {
    if (window.usableAt === undefined && isUsable()) {
      window.usableAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/** What the page had loaded when it became usable (Resource Timing: bytes as transferred, headers included). */
function loadedBy(): { usableAt: number; files: { path: string; size: number }[]; documentSize: number } {
  const usableAt = window.usableAt ?? performance.now();
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
  return {
    usableAt,
    files: entries
      .filter((entry) => entry.responseEnd <= usableAt)
      .map((entry) => ({ path: new URL(entry.name).pathname, size: entry.transferSize })),
    documentSize: nav.transferSize,
  };
}

/** Loads `url` and waits until the screen is usable; bytes are the responses finished by then. */
async function measure(page: Page, url: string, usable: (page: Page) => Promise<void>) {
  await page.evaluate(() => (window.usableAt = undefined)).catch(() => undefined);
  await page.goto(url, { waitUntil: 'commit' });
  await usable(page);
  const { usableAt, files, documentSize } = await page.evaluate(loadedBy);
  const domContentLoadedMs = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return nav.domContentLoadedEventEnd;
  });
  const scriptAndStyle = files.filter((file) => /\.(m?js|css)$/.test(file.path));
  const sum = (list: { size: number }[]) => list.reduce((total, file) => total + file.size, 0);
  return {
    usableMs: Math.round(usableAt),
    domContentLoadedMs: round(domContentLoadedMs),
    scriptAndStyleKB: round(sum(scriptAndStyle) / 1000),
    transferredKB: round((sum(files) + documentSize) / 1000),
    requests: files.length + 1,
    files: scriptAndStyle.filter((file) => file.size > 0).map((file) => `${file.path} ${file.size}`),
  };
}

const screens: Record<ScreenName, { path: string; kind: Usable; usable: (page: Page) => Promise<void> }> = {
  login: {
    path: '/login',
    kind: 'login',
    usable: (page) => page.getByRole('button', { name: 'Log in' }).waitFor(),
  },
  'conversation list': {
    path: '/conversation',
    kind: 'chats',
    usable: (page) => page.getByRole('list', { name: 'Chats' }).getByRole('listitem').first().waitFor(),
  },
};

async function phone(server: TestServer, signedIn: Parameters<typeof signInContext>[1] | null) {
  const browser = await launchChromium();
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    locale: 'en-US',
  });
  if (signedIn) await signInContext(context, signedIn);
  return { browser, context };
}

export async function main(): Promise<void> {
  const server = await startWebServer();
  const loads: Load[] = [];
  try {
    const [ann, bob] = [await registerUser(server, 'Ann'), await registerUser(server, 'Bob')];
    await befriend(server, ann, bob);
    for (const [screen, { path, kind, usable }] of Object.entries(screens) as [
      ScreenName,
      (typeof screens)[ScreenName],
    ][]) {
      for (const [profile, conditions] of Object.entries(profiles)) {
        // A new browser per profile: nothing cached, no service worker yet.
        const { browser, context } = await phone(server, screen === 'login' ? null : ann);
        await context.addInitScript(watchUsable, kind);
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
          loads.push({
            screen,
            profile,
            visit: 'cold',
            ...(await measure(page, `${server.url}${path}`, usable)),
          });
          // The service worker installs and precaches after the first visit; the second starts from it.
          await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
          loads.push({
            screen,
            profile,
            visit: 'warm',
            ...(await measure(page, `${server.url}${path}`, usable)),
          });
        } finally {
          await browser.close();
        }
      }
    }
  } finally {
    await server.close();
  }
  write(loads);
}

function write(loads: Load[]): void {
  const dir = resultsDir();
  const machine = describeMachine();
  const commit = commitOf();
  const measuredAt = new Date().toISOString();
  const rows = loads.map(
    (l) =>
      `| ${l.screen} | ${l.profile} | ${l.visit} | ${l.usableMs} | ${l.domContentLoadedMs} | ${l.scriptAndStyleKB} | ${l.transferredKB} | ${l.requests} |`,
  );
  const markdown = [
    `# First screen (${measuredAt}, commit ${commit})`,
    '',
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memGiB} GiB, Node ${machine.node}; Debian's Chromium at 390×844`,
    'with DevTools network emulation. Usable: the login screen\'s "Log in" button, or the first row of a',
    "signed-in user's conversation list. Cold: a new browser (no cache, no service worker); warm: the",
    `next visit, from the service worker. Budget: JS + CSS before usable ≤ ${BUDGET_KB} kB compressed.`,
    '',
    '| screen | network | visit | usable ms | DOMContentLoaded ms | JS + CSS kB | transferred kB | requests |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(join(dir, 'first-screen-latest.md'), markdown);
  writeFileSync(
    join(dir, `first-screen-${measuredAt.replace(/[:.]/g, '-')}.json`),
    `${JSON.stringify({ measuredAt, commit, machine, budgetKB: BUDGET_KB, loads }, null, 2)}\n`,
  );
  console.log(markdown);
}
