import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { MessageStatus } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { EMPTY_TIMELINE, Timeline } from '@im/sdk';
import type { TimelineEvent, TimelineSource } from '@im/sdk';
import { initI18n, loadWholeCatalogue } from '../src/i18n';
import { ChatScreen } from '../src/pages/chat/chat-screen';
import type { ChatTarget } from '../src/router/chat-target';
import { im } from '../src/sdk/im';
import { loadToast } from '../src/utils/antd-setup';
import { message } from './fixtures';

const target: ChatTarget = { conversationID: 'si_alice_bob', sessionType: 1, userID: 'bob', groupID: '' };
const own = (text: string, fields: Partial<MessageItem>) =>
  message({
    sendID: 'alice',
    recvID: 'bob',
    senderNickname: 'Alice',
    textElem: { content: text },
    ...fields,
  });

/**
 * The sdk's side of the chat: a real Timeline over a source the test controls (the history page,
 * the unsent messages in the store, the session's changes).
 */
function fakeSdk(page: { history?: MessageItem[]; unsent?: MessageItem[]; historyFails?: boolean }) {
  const listeners = new Set<(event: TimelineEvent) => void>();
  const source: TimelineSource = {
    selfID: 'alice',
    history: async () => {
      if (page.historyFails) throw new Error('offline');
      return { messageList: page.history ?? [], isEnd: true, lastMinSeq: 1 };
    },
    unsent: async () => page.unsent ?? [],
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  vi.spyOn(im.messages, 'openTimeline').mockImplementation((id) => new Timeline(id, source));
  return { emit: (event: TimelineEvent) => listeners.forEach((listener) => listener(event)) };
}

async function renderChat() {
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
  // As main.tsx does: antd-mobile's Toast renders with React 19's createRoot.
  await loadToast();
  await initI18n();
  // A screen past the first ones: the whole catalogue, as router/lazy-page.tsx loads it.
  await loadWholeCatalogue();
});
beforeEach(() => {
  im.session.save({ userID: 'alice', imToken: 'im', chatToken: 'chat' });
  vi.spyOn(im.messages, 'markConversationMessageAsRead').mockResolvedValue();
  vi.spyOn(im.messages, 'typingStatusUpdate').mockResolvedValue();
  vi.spyOn(im.contacts, 'checkFriend').mockResolvedValue({ isFriend: true, isBlack: false });
  vi.spyOn(im.conversations, 'setConversation').mockResolvedValue();
  vi.spyOn(im.account, 'getUsersInfo').mockResolvedValue([
    { userID: 'bob', nickname: 'Bob', faceURL: '' } as Awaited<ReturnType<typeof im.account.getUsersInfo>>[0],
  ]);
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  im.session.clear();
});

describe('the chat screen shows the sdk’s timeline', () => {
  it('shows unsent messages from the sdk’s store on open: failed with a resend control, sending as such', async () => {
    fakeSdk({
      history: [message({ seq: 1, textElem: { content: 'Hello Alice' } })],
      unsent: [
        own('Did you get this?', {
          seq: 0,
          createTime: 2000,
          status: MessageStatus.Failed,
          clientMsgID: 'f1',
        }),
        own('On its way', { seq: 0, createTime: 3000, status: MessageStatus.Sending, clientMsgID: 's1' }),
      ],
    });
    const resend = vi
      .spyOn(im.messages, 'resendMessage')
      .mockImplementation(() => new Promise(() => undefined));
    const log = await renderChat();

    // Roles are read once the list is shown (it stays hidden while it settles at the bottom).
    const control = await within(log).findByRole('button', { name: 'Resend' });
    expect(within(log).getByText('Did you get this?')).toBeTruthy();
    expect(within(log).getByText('Hello Alice')).toBeTruthy();
    expect(within(log).getByText('On its way')).toBeTruthy();
    expect(within(log).getAllByRole('status', { name: 'Sending' })).toHaveLength(1);
    expect(control.getAttribute('title')).toBe('Failed to send');
    // Oldest first: the stored message, then the unsent ones as written.
    const text = log.textContent ?? '';
    expect(text.indexOf('Hello Alice')).toBeLessThan(text.indexOf('Did you get this?'));
    expect(text.indexOf('Did you get this?')).toBeLessThan(text.indexOf('On its way'));

    fireEvent.click(control);
    expect(resend).toHaveBeenCalledWith('f1');
  });

  it('shows a chat whose newest page the sdk holds in memory at once, without reading it', async () => {
    const kept = [
      message({ seq: 1, clientMsgID: 'k1', textElem: { content: 'Kept one' } }),
      message({ seq: 2, clientMsgID: 'k2', textElem: { content: 'Kept two' } }),
    ];
    // A read that never answers: only the kept page can show anything.
    const history = vi.fn(() => new Promise<never>(() => undefined));
    const source: TimelineSource = {
      selfID: 'alice',
      history,
      unsent: async () => [],
      listen: () => () => undefined,
      keptNewestPage: () => ({ messageList: kept, isEnd: true, lastMinSeq: 1 }),
    };
    vi.spyOn(im.messages, 'openTimeline').mockImplementation((id) => new Timeline(id, source));
    vi.spyOn(im.messages, 'openingSnapshot').mockReturnValue({
      ...EMPTY_TIMELINE,
      messages: kept,
      ready: true,
      hasMore: false,
      prepended: kept.length,
    });
    const log = await renderChat();
    expect(await within(log).findByText('Kept two')).toBeTruthy();
    expect(within(log).getByText('Kept one')).toBeTruthy();
    expect(history).not.toHaveBeenCalled();
  });

  it('follows the sdk: a send shows Sending, then stored in place, once', async () => {
    const sdk = fakeSdk({ history: [message({ seq: 1, textElem: { content: 'Hello Alice' } })] });
    const log = await renderChat();
    await within(log).findByText('Hello Alice');

    const pending = own('See you', {
      seq: 0,
      createTime: 5000,
      status: MessageStatus.Sending,
      clientMsgID: 'n1',
    });
    sdk.emit({ type: 'put', messages: [pending] });
    await within(log).findByRole('status', { name: 'Sending' });
    sdk.emit({ type: 'put', messages: [{ ...pending, seq: 2, status: MessageStatus.Succeeded }] });
    await waitFor(() => expect(within(log).queryByRole('status', { name: 'Sending' })).toBeNull());
    expect(within(log).getAllByText('See you')).toHaveLength(1);

    sdk.emit({
      type: 'put',
      messages: [{ ...pending, seq: 0, status: MessageStatus.Failed, clientMsgID: 'n2' }],
    });
    await within(log).findByRole('button', { name: 'Resend' });
  });

  it('says "Get history message failed" when the page fails, and still shows the unsent messages', async () => {
    fakeSdk({
      historyFails: true,
      unsent: [own('Still here', { seq: 0, status: MessageStatus.Failed, clientMsgID: 'f2' })],
    });
    const log = await renderChat();
    await screen.findByText('Get history message failed');
    await within(log).findByText('Still here');
    expect(await within(log).findByRole('button', { name: 'Resend' })).toBeTruthy();
  });
});

describe('the chat is marked read once it can be', () => {
  it('reads again after the sync of a socket that was not up when the chat opened', async () => {
    fakeSdk({ history: [message({ seq: 1, textElem: { content: 'Are you there?' } })] });
    const read = vi
      .spyOn(im.messages, 'markConversationMessageAsRead')
      .mockRejectedValueOnce(new Error('not connected'))
      .mockResolvedValue();
    const syncFinished: (() => void)[] = [];
    const on = im.on.bind(im);
    vi.spyOn(im, 'on').mockImplementation((event, listener) => {
      if (event === 'syncFinish') syncFinished.push(listener as () => void);
      return on(event, listener);
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderChat();
    // The read on open: the app has just started and its socket is not up yet.
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    await act(async () => syncFinished.forEach((listener) => listener()));
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    expect(read).toHaveBeenLastCalledWith(target.conversationID);
  });
});
