import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { ContentType, MessageStatus, SessionType } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { Timeline } from '@im/sdk';
import type { TimelineSource } from '@im/sdk';
import { initI18n, loadWholeCatalogue } from '../src/i18n';
import { ChatScreen } from '../src/pages/chat/chat-screen';
import type { ChatTarget } from '../src/router/chat-target';
import { im } from '../src/sdk/im';
import { useReadStateStore } from '../src/stores/read-state-store';
import { loadToast } from '../src/utils/antd-setup';
import { formatCountdown, isBurnedAt } from '../src/utils/burn-duration';
import { summarizeMessage } from '../src/utils/message-summary';
import { readMarkOf } from '../src/utils/read-receipts';
import { message, notice } from './fixtures';
import { translator } from './translate';

const en = { selfID: 'alice', t: translator('en') };
const zh = { selfID: 'alice', t: translator('zh-CN') };
const own = (fields: Partial<MessageItem>) =>
  message({ sendID: 'alice', recvID: 'bob', senderNickname: 'Alice', ...fields });

describe('read marks and burn rules (docs/product.md#read-receipts, #burn-after-reading)', () => {
  const reads = (members: Record<string, { hasReadSeq: number; minSeq: number }>) => ({
    receipts: true,
    members,
  });

  it('an own one-to-one message is read once the peer’s hasReadSeq reaches it', () => {
    const sent = own({ seq: 5 });
    expect(readMarkOf(sent, reads({ bob: { hasReadSeq: 4, minSeq: 0 } }), 'alice', false)).toEqual({
      kind: 'single',
      read: false,
    });
    expect(readMarkOf(sent, reads({ bob: { hasReadSeq: 5, minSeq: 0 } }), 'alice', false)).toEqual({
      kind: 'single',
      read: true,
    });
    // Others' messages, unsent ones and chats without receipts show nothing.
    expect(readMarkOf(message({ seq: 5 }), reads({}), 'alice', false)).toBeNull();
    expect(readMarkOf(own({ seq: 0, status: MessageStatus.Sending }), reads({}), 'alice', false)).toBeNull();
    expect(readMarkOf(sent, { receipts: false, members: {} }, 'alice', false)).toBeNull();
  });

  it('a group message counts the members who had it to read and have not', () => {
    const sent = own({ seq: 10, sessionType: SessionType.Group });
    const state = reads({
      bob: { hasReadSeq: 10, minSeq: 0 },
      carol: { hasReadSeq: 3, minSeq: 0 },
      dave: { hasReadSeq: 9, minSeq: 0 },
      // Joined after the message: not counted.
      erin: { hasReadSeq: 11, minSeq: 11 },
    });
    expect(readMarkOf(sent, state, 'alice', true)).toEqual({ kind: 'group', unread: 2 });
  });

  it('a burn message never summarises its content; the 1701 notice names the duration', () => {
    const burn = message({ burnDuration: 30, textElem: { content: 'secret' } });
    expect(summarizeMessage(burn, en)).toBe('[Burn after reading]');
    expect(summarizeMessage(burn, zh)).toBe('[阅后即焚]');
    expect(summarizeMessage({ ...burn, textElem: undefined }, en)).toBe('[Burn after reading]');
    const on = notice(ContentType.BurnAfterReadingChanged, {
      opUser: { userID: 'bob', nickname: 'Bob' },
      isPrivate: true,
      burnDuration: 300,
    });
    expect(summarizeMessage(on, en)).toBe('Bob turned on burn after reading: 5 minutes');
    expect(summarizeMessage(on, zh)).toBe('Bob 开启了阅后即焚：5 分钟');
    const off = notice(ContentType.BurnAfterReadingChanged, {
      opUser: { userID: 'alice', nickname: 'Alice' },
      isPrivate: false,
      burnDuration: 300,
    });
    expect(summarizeMessage(off, en)).toBe('You turned off burn after reading');
  });

  it('counts down in minutes and seconds, and a message is burned at its time or without content', () => {
    expect(formatCountdown(27_000)).toBe('0:27');
    expect(formatCountdown(299_500)).toBe('5:00');
    expect(formatCountdown(86_400_000)).toBe('24:00:00');
    expect(formatCountdown(-5)).toBe('0:00');
    const burn = message({ burnDuration: 30, burnAt: 2000 });
    expect(isBurnedAt(burn, 1999)).toBe(false);
    expect(isBurnedAt(burn, 2000)).toBe(true);
    expect(isBurnedAt({ ...burn, burnAt: undefined, textElem: undefined }, 0)).toBe(true);
    expect(isBurnedAt(message({ burnAt: 1 }), 5)).toBe(false);
  });
});

function fakeTimeline(history: MessageItem[]) {
  const source: TimelineSource = {
    selfID: 'alice',
    history: async () => ({ messageList: history, isEnd: true, lastMinSeq: 1 }),
    unsent: async () => [],
    listen: () => () => undefined,
  };
  vi.spyOn(im.messages, 'openTimeline').mockImplementation((id) => new Timeline(id, source));
}

async function renderChat(target: ChatTarget) {
  await act(async () => {
    render(
      <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 60 }}>
        <MemoryRouter>
          <ChatScreen target={target} />
        </MemoryRouter>
      </VirtuosoMockContext.Provider>,
    );
  });
  return screen.findByRole('log', { name: 'Messages' });
}

beforeAll(async () => {
  await loadToast();
  await initI18n();
  // A screen past the first ones: the whole catalogue, as router/lazy-page.tsx loads it.
  await loadWholeCatalogue();
});
beforeEach(() => {
  im.session.save({ userID: 'alice', imToken: 'im', chatToken: 'chat' });
  useReadStateStore.getState().reset();
  vi.spyOn(im.messages, 'markConversationMessageAsRead').mockResolvedValue();
  vi.spyOn(im.messages, 'typingStatusUpdate').mockResolvedValue();
  vi.spyOn(im.contacts, 'checkFriend').mockResolvedValue({ isFriend: true, isBlack: false });
  vi.spyOn(im.conversations, 'setConversation').mockResolvedValue();
  vi.spyOn(im.account, 'getUsersInfo').mockResolvedValue([]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  im.session.clear();
});

describe('the chat shows read marks and burn countdowns', () => {
  const single: ChatTarget = { conversationID: 'si_alice_bob', sessionType: 1, userID: 'bob', groupID: '' };

  it('an own message reads Unread, then Read when the peer’s read mark comes', async () => {
    vi.spyOn(im.messages, 'getReadState').mockResolvedValue({
      receipts: true,
      members: [{ userID: 'bob', hasReadSeq: 1, minSeq: 0 }],
    });
    fakeTimeline([own({ seq: 2, textElem: { content: 'are you there?' } })]);
    const log = await renderChat(single);
    await within(log).findByText('Unread');
    act(() =>
      useReadStateStore.getState().applyRead({
        conversationID: 'si_alice_bob',
        userID: 'bob',
        hasReadSeq: 2,
        readTime: 1,
      }),
    );
    await within(log).findByText('Read');
    expect(within(log).queryByText('Unread')).toBeNull();
  });

  it('a read burn message shows its countdown and leaves the chat when it ends', async () => {
    vi.spyOn(im.messages, 'getReadState').mockResolvedValue({ receipts: true, members: [] });
    const burnAt = Date.now() + 1500;
    fakeTimeline([
      message({ seq: 2, burnDuration: 30, burnAt, textElem: { content: 'secret' } }),
      message({ seq: 3, burnDuration: 30, textElem: { content: 'unread secret' } }),
    ]);
    const log = await renderChat(single);
    await within(log).findByText('secret');
    expect((await within(log).findByRole('timer')).textContent).toMatch(/Burns in 0:0[12]/);
    expect(within(log).getByText(/Burn after reading/)).toBeTruthy();
    await waitFor(() => expect(within(log).queryByText('secret')).toBeNull(), { timeout: 3000 });
    expect(within(log).getByText('unread secret')).toBeTruthy();
  });

  it('a group message shows "N unread", and tapping it lists who has read and who has not', async () => {
    vi.spyOn(im.messages, 'getReadState').mockResolvedValue({
      receipts: true,
      members: [
        { userID: 'bob', hasReadSeq: 5, minSeq: 0 },
        { userID: 'carol', hasReadSeq: 1, minSeq: 0 },
      ],
    });
    const readers = vi.spyOn(im.messages, 'getMessageReaders').mockResolvedValue({
      read: [{ userID: 'bob', nickname: 'Bob', faceURL: '' }],
      unread: [{ userID: 'carol', nickname: 'Carol', faceURL: '' }],
    });
    fakeTimeline([
      own({
        seq: 5,
        conversationID: 'sg_team',
        sessionType: SessionType.Group,
        groupID: 'team',
        recvID: '',
        textElem: { content: 'hi team' },
      }),
    ]);
    const log = await renderChat({ conversationID: 'sg_team', sessionType: 3, userID: '', groupID: 'team' });
    fireEvent.click(await within(log).findByRole('button', { name: '1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message receipts' });
    expect(readers).toHaveBeenCalledWith({ conversationID: 'sg_team', seq: 5 });
    expect(within(within(dialog).getByRole('region', { name: 'Read (1)' })).getByText('Bob')).toBeTruthy();
    expect(
      within(within(dialog).getByRole('region', { name: 'Unread (1)' })).getByText('Carol'),
    ).toBeTruthy();
  });
});
