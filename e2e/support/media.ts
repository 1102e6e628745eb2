import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The composer's "+" panel, opened: its inputs are found by their labels, as a person reads them. */
export async function openMediaPanel(page: Page): Promise<Locator> {
  const panel = page.getByRole('group', { name: 'Send a picture, video or file' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'More' }).click();
  await panel.waitFor();
  return panel;
}

/** Picks a file in one of the panel's inputs (Photo, Video, File). */
export async function pickFile(
  page: Page,
  input: 'Photo' | 'Video' | 'File',
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const panel = await openMediaPanel(page);
  await panel.getByLabel(input, { exact: true }).setInputFiles(file);
}

/** Holds the "Hold to talk" button for `ms` with the mouse (pointer events), optionally sliding up first. */
export async function holdToTalk(page: Page, ms: number): Promise<void> {
  const hold = page.getByRole('button', { name: 'Hold to talk' });
  if (!(await hold.isVisible())) await page.getByRole('button', { name: 'Voice input' }).click();
  const box = await hold.boundingBox();
  if (!box) throw new Error('no hold-to-talk button');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(ms);
  await page.mouse.up();
}

/** A few seconds of WebM video made in the page (canvas + MediaRecorder), as bytes. */
export async function recordWebm(page: Page, ms: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (length) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d')!;
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    let frame = 0;
    const draw = setInterval(() => {
      frame += 1;
      context.fillStyle = `hsl(${(frame * 12) % 360} 70% 50%)`;
      context.fillRect(0, 0, 320, 240);
      context.fillStyle = '#fff';
      context.fillText(String(frame), 150, 120);
    }, 40);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(200);
    await new Promise((resolve) => setTimeout(resolve, length));
    recorder.stop();
    await stopped;
    clearInterval(draw);
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, ms);
  return Buffer.from(base64, 'base64');
}

/** A PNG of the given size drawn in the page (a canvas), as bytes. */
export async function drawPng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#3366cc';
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#ffcc00';
      context.fillRect(w / 4, h / 4, w / 2, h / 2);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}
