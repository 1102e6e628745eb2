import { expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';

/**
 * Test-only instrumentation of a phone: every RTCPeerConnection the page makes is kept in
 * `window.__peerConnections`, so a journey can read its stats (the sdk picks the class from the
 * page's global at each call).
 */
export async function recordPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __peerConnections: RTCPeerConnection[] };
    w.__peerConnections = [];
    const Native = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        w.__peerConnections.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** The test-only call settings (read by the sdk at each call, docs/sdk.md "Calls"). */
export async function callSettings(
  page: Page,
  settings: { callTimeoutS?: number; callIceTransportPolicy?: 'relay' },
): Promise<void> {
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, String(value));
  }, settings);
}

/** The call overlay with `name`, as a person sees it. */
export function overlay(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name: `Call with ${name}` });
}

/** Waits until the overlay's timer shows at least one whole second; answers its text. */
export async function timerRuns(page: Page): Promise<string> {
  const timer = page.getByRole('timer', { name: 'Call time' });
  await expect.poll(() => timer.textContent(), { timeout: 20_000 }).toMatch(/^00:(0[1-9]|[1-5]\d)$/);
  return (await timer.textContent()) ?? '';
}

/** The newest peer connection's stats of `type`, as plain objects. */
export function stats(page: Page, type: string): Promise<Record<string, unknown>[]> {
  return page.evaluate(async (wanted) => {
    const pcs = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    const pc = pcs.at(-1);
    if (!pc) return [];
    const out: Record<string, unknown>[] = [];
    (await pc.getStats()).forEach((report: Record<string, unknown>) => {
      if (report.type === wanted) out.push({ ...report });
    });
    return out;
  }, type);
}

/** Bytes of inbound audio received so far on the newest peer connection. */
export async function inboundAudioBytes(page: Page): Promise<number> {
  const reports = await stats(page, 'inbound-rtp');
  return reports
    .filter((r) => r.kind === 'audio')
    .reduce((sum, r) => sum + (typeof r.bytesReceived === 'number' ? r.bytesReceived : 0), 0);
}

/** The local candidate type of the candidate pair in use ('host', 'srflx', 'relay'), or ''. */
export function selectedCandidateType(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    const pc = pcs.at(-1);
    if (!pc) return '';
    const all = new Map<string, Record<string, unknown>>();
    (await pc.getStats()).forEach((r: Record<string, unknown>) => all.set(r.id as string, r));
    const transport = [...all.values()].find((r) => r.type === 'transport');
    const pair =
      all.get((transport?.selectedCandidatePairId as string) ?? '') ??
      [...all.values()].find((r) => r.type === 'candidate-pair' && r.nominated && r.state === 'succeeded');
    const local = pair ? all.get(pair.localCandidateId as string) : undefined;
    return (local?.candidateType as string) ?? '';
  });
}

/** Frames the <video> named `label` has shown so far, and its width. */
export function videoProgress(page: Page, label: string): Promise<{ width: number; frames: number }> {
  return page.getByLabel(label).evaluate((element) => {
    const video = element as HTMLVideoElement;
    return { width: video.videoWidth, frames: video.getVideoPlaybackQuality().totalVideoFrames };
  });
}

/** The element's box once it stopped moving (the bubble glides to an edge after a drag). */
export async function settledBox(
  target: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = await target.boundingBox();
  for (let i = 0; i < 30; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const box = await target.boundingBox();
    if (box && last && box.x === last.x && box.y === last.y) return box;
    last = box;
  }
  throw new Error('the element kept moving');
}

/** The call records screen's rows (the tab `tab`), with each row's text. */
export async function recordTexts(page: Page, base: string, tab = 'All'): Promise<string[]> {
  if (!page.url().endsWith('/callRecords')) await page.goto(`${base}/callRecords`);
  await page.getByRole('tab', { name: tab }).click();
  const list = page.getByRole('list', { name: 'Call records' });
  await list.waitFor();
  return list.getByRole('listitem').allTextContents();
}
