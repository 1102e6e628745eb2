import type { Locator, Page } from 'playwright-core';

type TouchType = 'touchStart' | 'touchMove' | 'touchEnd';

/** A finger on the page through CDP: each touch event is sent as a phone's touchscreen would. */
async function withFinger(
  page: Page,
  gesture: (touch: (type: TouchType, x: number, y: number) => Promise<unknown>) => Promise<void>,
) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: TouchType, x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  try {
    await gesture(touch);
  } finally {
    await cdp.detach();
  }
}

/**
 * A tap as a person makes it: the finger rests briefly before it lifts. Playwright's
 * `touchscreen.tap` lifts in the same millisecond, which gesture libraries (antd-mobile's image
 * viewer among them) may discard as a zero-length touch.
 */
export async function fingerTap(page: Page, x: number, y: number, restMs = 80): Promise<void> {
  await withFinger(page, async (touch) => {
    await touch('touchStart', x, y);
    await page.waitForTimeout(restMs);
    await touch('touchEnd', x, y);
  });
}

/** Drags an element by touch (the call bubble listens to touch, as on a phone). */
export async function touchDrag(page: Page, target: Locator, dx: number, dy: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to drag');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await withFinger(page, async (touch) => {
    await touch('touchStart', x, y);
    for (let step = 1; step <= 10; step += 1)
      await touch('touchMove', x + (dx * step) / 10, y + (dy * step) / 10);
    await touch('touchEnd', x + dx, y + dy);
  });
}
