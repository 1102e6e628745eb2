import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { StorageKey } from '@im/protocol';
import type { LoginResp } from '@im/protocol';
import type { TestServer } from '@im/server/testing';
import { percentile, round } from '../messaging/stats.ts';
import { befriend, registerUser, signInContext, startWebServer } from '../support/bench-server.ts';
import { launchChromium } from '../support/chromium.ts';

/**
 * `npm run bench -- call [--calls 20]`: the time from the callee's accept (the tap) to the first
 * remote video frame on the callee's screen, over N video calls between two Chromium phones on
 * loopback, direct and forced through a local coturn (the sdk's test-only relay setting). Aim:
 * p95 ≤ 300 ms direct.
 */
const script = fileURLToPath(new URL('../../scripts/coturn.sh', import.meta.url));

function startTurn(): { urls: string; secret: string; stop: () => void } {
  if (process.env.TURN_URLS && process.env.TURN_SECRET)
    return { urls: process.env.TURN_URLS, secret: process.env.TURN_SECRET, stop: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'im-bench-coturn-'));
  const port = 41000 + Math.floor(Math.random() * 3000);
  const env = {
    ...process.env,
    COTURN_DIR: dir,
    COTURN_PORT: String(port),
    COTURN_MIN_PORT: String(port + 1),
    COTURN_MAX_PORT: String(port + 80),
  };
  const out = execFileSync('bash', [script, 'start'], { env, encoding: 'utf8' });
  const value = (key: string) =>
    out
      .split('\n')
      .find((l) => l.startsWith(`${key}=`))
      ?.slice(key.length + 1) ?? '';
  return {
    urls: value('TURN_URLS'),
    secret: value('TURN_SECRET'),
    stop: () => {
      execFileSync('bash', [script, 'stop'], { env });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A phone logged in as `user`; measures accept → first remote frame in the page itself. */
async function phone(browser: Browser, server: TestServer, user: LoginResp): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await signInContext(context, user);
  await context.addInitScript(
    () => {
      const bench = { accept: 0, frame: 0 };
      (window as unknown as { __bench: typeof bench }).__bench = bench;
      document.addEventListener(
        'click',
        (event) => {
          if (!(event.target as Element).closest?.('button[aria-label="Accept"]')) return;
          bench.accept = performance.now();
          bench.frame = 0;
          const watch = () => {
            const video = document.querySelector<HTMLVideoElement>('video[aria-label^="Video of"]');
            if (video?.srcObject) video.requestVideoFrameCallback(() => (bench.frame = performance.now()));
            else requestAnimationFrame(watch);
          };
          watch();
        },
        true,
      );
    },
    { keys: StorageKey, session: { userID: user.userID, imToken: user.imToken, chatToken: user.chatToken } },
  );
  const page = await context.newPage();
  await page.goto(`${server.url}/conversation`);
  await page.getByRole('heading', { name: 'Chats', exact: true }).waitFor({ timeout: 30_000 });
  return page;
}

async function oneCall(caller: Page, callee: Page, calleeName: string, callerName: string): Promise<number> {
  await caller.getByRole('button', { name: 'Video call' }).click();
  const ringing = callee.getByRole('dialog', { name: `Call with ${callerName}` });
  await ringing.getByRole('button', { name: 'Accept' }).click({ timeout: 20_000 });
  const took = await callee
    .waitForFunction(
      () => {
        const b = (window as unknown as { __bench: { accept: number; frame: number } }).__bench;
        return b.frame > 0 ? b.frame - b.accept : null;
      },
      undefined,
      { timeout: 20_000, polling: 10 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
  await caller
    .getByRole('dialog', { name: `Call with ${calleeName}` })
    .getByRole('button', { name: 'Hang up' })
    .click();
  await ringing.waitFor({ state: 'detached', timeout: 20_000 });
  await caller.waitForTimeout(300);
  return took;
}

export async function main(args: string[]): Promise<void> {
  const at = args.indexOf('--calls');
  const calls = at >= 0 ? Number(args[at + 1]) : 20;
  const turn = startTurn();
  const server = await startWebServer({ TURN_URLS: turn.urls, TURN_SECRET: turn.secret });
  const browser = await launchChromium([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ]);
  const results: { path: string; samplesMs: number[]; p50: number; p95: number }[] = [];
  try {
    const a = await registerUser(server, 'BenchA');
    const b = await registerUser(server, 'BenchB');
    await befriend(server, a, b);
    const [pageA, pageB] = [await phone(browser, server, a), await phone(browser, server, b)];
    await pageA.goto(`${server.url}/chat?userID=${b.userID}`);
    await pageA.getByRole('button', { name: 'Video call' }).waitFor();
    for (const path of ['direct', 'relay'] as const) {
      for (const page of [pageA, pageB])
        await page.evaluate((relay) => {
          if (relay) localStorage.setItem('callIceTransportPolicy', 'relay');
          else localStorage.removeItem('callIceTransportPolicy');
        }, path === 'relay');
      const samples: number[] = [];
      for (let i = 0; i < calls; i += 1) samples.push(round(await oneCall(pageA, pageB, 'BenchB', 'BenchA')));
      const sorted = [...samples].sort((x, y) => x - y);
      results.push({ path, samplesMs: samples, p50: percentile(sorted, 50), p95: percentile(sorted, 95) });
      console.log(`${path}: p50 ${percentile(sorted, 50)} ms, p95 ${percentile(sorted, 95)} ms`);
    }
  } finally {
    await browser.close();
    await server.close();
    turn.stop();
  }
  write(results, calls);
}

function write(
  results: { path: string; samplesMs: number[]; p50: number; p95: number }[],
  calls: number,
): void {
  const dir = fileURLToPath(new URL('../results', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const markdown = [
    `# Call: accept to first remote frame (${new Date().toISOString()})`,
    '',
    `${calls} video calls between two Chromium phones (fake camera) on loopback; the time from the`,
    "callee's tap on Accept to the first remote video frame on the callee's screen",
    '(requestVideoFrameCallback). Relay = forced through a local coturn. Aim: p95 ≤ 300 ms direct.',
    '',
    '| path | p50 ms | p95 ms |',
    '| --- | --- | --- |',
    ...results.map((r) => `| ${r.path} | ${r.p50} | ${r.p95} |`),
    '',
  ].join('\n');
  writeFileSync(join(dir, 'call-latest.md'), markdown);
  writeFileSync(
    join(dir, `call-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    `${JSON.stringify({ calls, results }, null, 2)}\n`,
  );
  console.log(markdown);
}
