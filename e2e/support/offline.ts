import type { BrowserContext, Page } from 'playwright-core';

const OFFLINE = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
const ONLINE = { ...OFFLINE, offline: false };

/**
 * The device without a network, for a page that loads documents while it lasts; the returned
 * function brings the network back. Playwright's `setOffline` cuts the network, but in Chromium 150 a
 * document loaded afterwards starts with `navigator.onLine` true (the emulated state is not carried
 * to it), which no phone without a network shows, and the app's offline banner and the sdk's pending
 * sends read it. So each document of the page is told again, through the same DevTools emulation, as
 * it commits: it sees `onLine` false and its `offline` event, as on a phone.
 */
export async function goOffline(context: BrowserContext, page: Page): Promise<() => Promise<void>> {
  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const tellAgain = (frame: { parentFrame(): unknown }) => {
    if (!frame.parentFrame())
      void cdp.send('Network.emulateNetworkConditions', OFFLINE).catch(() => undefined);
  };
  page.on('framenavigated', tellAgain);
  return async () => {
    page.off('framenavigated', tellAgain);
    await cdp.send('Network.emulateNetworkConditions', ONLINE);
    await cdp.detach();
    await context.setOffline(false);
  };
}
