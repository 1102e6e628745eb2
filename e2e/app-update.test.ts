import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildApp } from '@im/server';
import type { TestServer } from '@im/server/testing';
import { launchChromium, newPhoneContext } from './support/browser.ts';
import { startMessenger } from './support/server.ts';
import { waitForWorker } from './support/service-worker.ts';

const BUILT = fileURLToPath(new URL('../packages/web/dist', import.meta.url));

/**
 * A second build of the app, as a deploy would bring it: its page says which build it is, and its
 * worker lists the new page in its precache (a new revision), so the browser sees a new version.
 */
function nextBuild(dir: string): void {
  const indexPath = join(dir, 'index.html');
  writeFileSync(
    indexPath,
    readFileSync(indexPath, 'utf8').replace('<head>', '<head><meta name="app-build" content="2">'),
  );
  for (const name of ['index.html.br', 'index.html.gz']) rmSync(join(dir, name), { force: true });
  const swPath = join(dir, 'sw.js');
  const worker = readFileSync(swPath, 'utf8');
  const next = worker.replace(
    /"revision":"[0-9a-f]+","url":"index.html"/,
    '"revision":"build-2","url":"index.html"',
  );
  if (next === worker) throw new Error('the precache entry of index.html was not found in sw.js');
  writeFileSync(swPath, next);
  for (const name of ['sw.js.br', 'sw.js.gz']) rmSync(join(dir, name), { force: true });
}

/**
 * Issue 14 "installable": a new version installed in the background waits; the page says so and
 * keeps running the version it started with until the user presses Reload, then runs the new one
 * (docs/product.md#installable-app).
 */
describe('a new version of the app', () => {
  const work = mkdtempSync(join(tmpdir(), 'app-update-'));
  let first: TestServer | undefined;
  let second: Awaited<ReturnType<typeof buildApp>> | undefined;
  let browser: Browser | undefined;

  afterAll(async () => {
    await browser?.close();
    await second?.close();
    if (second && first) rmSync(first.config.DATA_DIR, { recursive: true, force: true });
    else await first?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('is announced, never mixed in, and runs after Reload', async () => {
    const [dist1, dist2] = [join(work, 'v1'), join(work, 'v2')];
    cpSync(BUILT, dist1, { recursive: true });
    cpSync(BUILT, dist2, { recursive: true });
    nextBuild(dist2);

    first = await startMessenger({ WEB_DIST: dist1 });
    browser = await launchChromium();
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${first.url}/login`);
    await waitForWorker(page);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const build = () =>
      page.evaluate(() => document.querySelector('meta[name="app-build"]')?.getAttribute('content') ?? '1');
    expect(await build()).toBe('1');

    // The deploy: the same address now serves the second build.
    const port = Number(new URL(first.url).port);
    await first.app.close();
    second = await buildApp({ ...first.config, WEB_DIST: dist2 });
    await second.listen({ port, host: '127.0.0.1' });

    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await banner.waitFor();
    // Until the user chooses, the page and its loads stay on the first build.
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await build()).toBe('1');

    await banner.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(build, { timeout: 15_000 }).toBe('2');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await banner.count()).toBe(0);
  });
});
