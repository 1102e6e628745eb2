import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeMachine, resultsDir } from '../messaging/bench-options.ts';
import { percentile, round } from '../messaging/stats.ts';
import { befriend, commitOf, registerUser, signInContext, startWebServer } from '../support/bench-server.ts';
import { launchChromium } from '../support/chromium.ts';
import { seedHistory } from './seed-history.ts';

const STORED = 100_000;
const SCROLL_BACK = 1000;

interface Result {
  stored: number;
  seedSeconds: number;
  /** From the tap on the chat's row to its newest message on screen, per run. */
  openMs: number[];
  scrolledBack: number;
  frames: number;
  frameP50Ms: number;
  frameP95Ms: number;
  frameMaxMs: number;
}

/**
 * `npm run bench -- chat-open`: a chat of 100,000 stored messages opened from the conversation list
 * (time to its newest message on screen, Performance API in the page), then read back through 1,000
 * messages by scrolling, with every frame's time (requestAnimationFrame). Aims: open ≤ 100 ms,
 * frames ≤ 16.7 ms at p95.
 */
export async function main(): Promise<void> {
  const server = await startWebServer();
  const browser = await launchChromium();
  try {
    const [ann, bob] = [await registerUser(server, 'Ann'), await registerUser(server, 'Bob')];
    await befriend(server, ann, bob);
    const seeded = Date.now();
    await seedHistory(server, ann, bob, STORED);
    const seedSeconds = round((Date.now() - seeded) / 1000);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      locale: 'en-US',
    });
    await signInContext(context, bob);
    const page = await context.newPage();
    const list = page.getByRole('list', { name: 'Chats' });
    const openMs: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      await page.goto(`${server.url}/conversation`);
      await list.getByText(`Message ${STORED}`).waitFor({ timeout: 60_000 });
      const row = list.getByRole('listitem', { name: 'Ann' }).getByRole('link');
      // A person looks at the list for a moment before tapping (the app uses that idle time).
      await page.waitForTimeout(1000);
      await page.evaluate(() => performance.clearMarks());
      // The time from the tap to the newest message on screen, read in the page.
      const shown = page.evaluate(
        (text) =>
          new Promise<number>((resolve) => {
            const started = performance.now();
            const check = () => {
              const log = document.querySelector('[role="log"]');
              if (log && Array.from(log.querySelectorAll('*')).some((el) => el.textContent === text))
                resolve(performance.now() - started);
              else requestAnimationFrame(check);
            };
            document.addEventListener('click', () => requestAnimationFrame(check), {
              once: true,
              capture: true,
            });
          }),
        `Message ${STORED}`,
      );
      await row.click();
      openMs.push(round(await shown));
    }
    const scroll = await page.evaluate(
      async ({ stored, back }) => {
        const log = document.querySelector('[role="log"]')!;
        const scroller = (log.querySelector('[data-virtuoso-scroller]') ?? log) as HTMLElement;
        const frames: number[] = [];
        const target = stored - back;
        const oldestShown = () =>
          Math.min(
            ...Array.from(log.querySelectorAll('*'))
              .map((el) => /^Message (\d+)$/.exec(el.textContent ?? '')?.[1])
              .filter((n): n is string => n !== undefined)
              .map(Number),
          );
        let last = performance.now();
        const deadline = last + 120_000;
        while (oldestShown() > target && performance.now() < deadline) {
          scroller.scrollTop -= 400;
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const now = performance.now();
          frames.push(now - last);
          last = now;
        }
        return { frames, scrolledBack: stored - oldestShown() };
      },
      { stored: STORED, back: SCROLL_BACK },
    );
    const sorted = [...scroll.frames].sort((a, b) => a - b);
    write({
      stored: STORED,
      seedSeconds,
      openMs,
      scrolledBack: scroll.scrolledBack,
      frames: sorted.length,
      frameP50Ms: round(percentile(sorted, 50)),
      frameP95Ms: round(percentile(sorted, 95)),
      frameMaxMs: round(sorted.at(-1) ?? 0),
    });
  } finally {
    await browser.close();
    await server.close();
  }
}

function write(result: Result): void {
  const machine = describeMachine();
  const commit = commitOf();
  const measuredAt = new Date().toISOString();
  const markdown = [
    `# Opening a long chat (${measuredAt}, commit ${commit})`,
    '',
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memGiB} GiB, Node ${machine.node}; Debian's Chromium at`,
    `390×844, loopback. A chat of ${result.stored} stored messages (seeded in ${result.seedSeconds} s) opened from the`,
    'conversation list: time from the tap to the newest message on screen. Then scrolled back, 400 px a frame,',
    `until ${SCROLL_BACK} messages back, loading history as it goes: the time of every frame.`,
    'Aims: open ≤ 100 ms, frames ≤ 16.7 ms at p95.',
    '',
    '| open ms (5 runs) | messages scrolled back | frames | frame p50 ms | frame p95 ms | frame max ms |',
    '| --- | --- | --- | --- | --- | --- |',
    `| ${result.openMs.join(', ')} | ${result.scrolledBack} | ${result.frames} | ${result.frameP50Ms} | ${result.frameP95Ms} | ${result.frameMaxMs} |`,
    '',
  ].join('\n');
  const dir = resultsDir();
  writeFileSync(join(dir, 'chat-open-latest.md'), markdown);
  writeFileSync(
    join(dir, `chat-open-${measuredAt.replace(/[:.]/g, '-')}.json`),
    `${JSON.stringify({ measuredAt, commit, machine, ...result }, null, 2)}\n`,
  );
  console.log(markdown);
}
