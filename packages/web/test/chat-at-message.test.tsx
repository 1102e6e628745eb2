import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { MessageItem } from '@im/protocol';
import { Timeline } from '@im/sdk';
import type { HistoryParams, TimelineSource } from '@im/sdk';
import { initI18n, loadWholeCatalogue } from '../src/i18n';
import { ChatScreen } from '../src/pages/chat/chat-screen';
import type { ChatTarget } from '../src/router/chat-target';
import { im } from '../src/sdk/im';
import { loadToast } from '../src/utils/antd-setup';
import { message } from './fixtures';

/** A chat opened at a search result (docs/product.md#search): the page around it, the hit marked. */
const target: ChatTarget = { conversationID: 'si_alice_bob', sessionType: 1, userID: 'bob', groupID: '' };
const stored = Array.from({ length: 60 }, (_, i) =>
  message({ seq: i + 1, clientMsgID: `m${i + 1}`, textElem: { content: `text ${i + 1}` } }),
);

beforeAll(async () => {
  await loadToast();
  await initI18n();
  // A screen past the first ones: the whole catalogue, as router/lazy-page.tsx loads it.
  await loadWholeCatalogue();
});
beforeEach(() => {
  im.session.save({ userID: 'alice', imToken: 'im', chatToken: 'chat' });
  vi.spyOn(im.messages, 'markConversationMessageAsRead').mockResolvedValue();
  vi.spyOn(im.contacts, 'checkFriend').mockResolvedValue({ isFriend: true, isBlack: false });
  vi.spyOn(im.account, 'getUsersInfo').mockResolvedValue([
    { userID: 'bob', nickname: 'Bob', faceURL: '' } as Awaited<ReturnType<typeof im.account.getUsersInfo>>[0],
  ]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  im.session.clear();
});

describe('a chat opened at a message', () => {
  it('loads the page around the seq and marks the message as the current one', async () => {
    const asked: HistoryParams[] = [];
    const source: TimelineSource = {
      selfID: 'alice',
      history: async (params) => {
        asked.push(params);
        const below = params.lastMinSeq ?? 61;
        const page: MessageItem[] = stored.filter((m) => m.seq < below).slice(-(params.count ?? 20));
        return { messageList: page, isEnd: page[0]?.seq === 1, lastMinSeq: page[0]?.seq ?? below };
      },
      unsent: async () => [],
      listen: () => () => undefined,
    };
    vi.spyOn(im.messages, 'openTimeline').mockImplementation((id) => new Timeline(id, source));
    await act(async () => {
      render(
        <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 60 }}>
          <MemoryRouter>
            <ChatScreen target={target} focusSeq={20} />
          </MemoryRouter>
        </VirtuosoMockContext.Provider>,
      );
    });
    const log = await screen.findByRole('log', { name: 'Messages' });
    const current = await within(log).findByText('text 20');
    expect(current.closest('[aria-current="true"]')).not.toBeNull();
    // Half a page after it, the rest before: below seq 31, not the newest page.
    expect(asked[0]).toMatchObject({ conversationID: 'si_alice_bob', lastMinSeq: 31, count: 20 });
    expect(within(log).queryByText('text 60')).toBeNull();
  });
});
