import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { initI18n, loadWholeCatalogue } from '../src/i18n';
import { MessageList } from '../src/pages/chat/message-list';
import { message } from './fixtures';

/** A phone's message list: 745 px tall, rows of 64 px, so 12 rows fill it. */
const MEASURES = { viewportHeight: 745, itemHeight: 64 };
const PAGE = Array.from({ length: 20 }, (_, i) =>
  message({ seq: 981 + i, clientMsgID: `m${981 + i}`, textElem: { content: `text ${981 + i}` } }),
);
const noop = () => undefined;
/** The rows that can be on screen at once: the viewport's worth and one cut at its edge. */
const FITS = Math.ceil(MEASURES.viewportHeight / MEASURES.itemHeight) + 1;

function renderList(initialIndex?: number) {
  render(
    <VirtuosoMockContext.Provider value={MEASURES}>
      <MessageList
        messages={PAGE}
        firstItemIndex={980}
        hasMore
        loading={false}
        selfID="alice"
        isGroup={false}
        onStartReached={noop}
        initialIndex={initialIndex}
        onMenu={noop}
        onResend={noop}
      />
    </VirtuosoMockContext.Provider>,
  );
}

const renderedRows = () => document.querySelectorAll('[data-message-id]').length;

/** Scrolls the list's scroller to `top` as a reader would, with its scroll event. */
function scrollTo(top: number) {
  const scroller = screen.getByRole('log');
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: top });
  act(() => {
    scroller.dispatchEvent(new Event('scroll'));
  });
}

/**
 * A chat opened at its newest message renders a page of rows past its bottom until the reader
 * scrolls up (docs/decisions.md#first-screen); the first rows a browser draws are covered by
 * e2e/chat-open.test.ts, since a list here is measured at once and never draws from its top.
 */
describe('the message list as a chat opens', () => {
  beforeAll(async () => {
    await initI18n();
    await loadWholeCatalogue();
  });
  afterEach(cleanup);

  it('renders only what fits once the reader scrolls up', async () => {
    renderList();
    await screen.findByText('text 1000');
    scrollTo(600);
    scrollTo(200);
    scrollTo(190);
    await waitFor(() => expect(renderedRows()).toBeLessThanOrEqual(FITS));
    expect(renderedRows()).toBeGreaterThan(0);
  });

  it('opened at a search result, renders only what fits around it', async () => {
    renderList(990);
    await screen.findByText('text 990');
    expect(renderedRows()).toBeLessThanOrEqual(FITS);
  });
});
