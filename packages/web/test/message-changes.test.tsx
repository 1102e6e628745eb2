import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { EDIT_WINDOW_MS } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { Timeline } from '@im/sdk';
import type { TimelineEvent, TimelineSource } from '@im/sdk';
import { initI18n, loadWholeCatalogue } from '../src/i18n';
import { ChatScreen } from '../src/pages/chat/chat-screen';
import { canEdit } from '../src/pages/chat/changes/use-message-changes';
import type { ChatTarget } from '../src/router/chat-target';
import { im } from '../src/sdk/im';
import { loadToast } from '../src/utils/antd-setup';
import { message } from './fixtures';

const target: ChatTarget = { conversationID: 'si_alice_bob', sessionType: 1, userID: 'bob', groupID: '' };
const mine = (text: string, fields: Partial<MessageItem> = {}) =>
  message({
    sendID: 'alice',
    recvID: 'bob',
    senderNickname: 'Alice',
    textElem: { content: text },
    ...fields,
  });

/** A real Timeline over a history the test gives, and the session's changes it emits. */
function fakeSdk(history: MessageItem[]) {
  const listeners = new Set<(event: TimelineEvent) => void>();
  const source: TimelineSource = {
    selfID: 'alice',
    history: async () => ({ messageList: history, isEnd: true, lastMinSeq: 1 }),
    unsent: async () => [],
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  vi.spyOn(im.messages, 'openTimeline').mockImplementation((id) => new Timeline(id, source));
  return { emit: (event: TimelineEvent) => act(() => listeners.forEach((listener) => listener(event))) };
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

const openMenu = async (log: HTMLElement, text: string) => {
  fireEvent.contextMenu(await within(log).findByText(text));
  return screen.findByRole('menu', { name: 'Message actions' });
};

beforeAll(async () => {
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
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  im.session.clear();
});

describe('edits and reactions in the chat', () => {
  it('edits an own recent text in the composer, with a way to cancel; the bubble then says edited', async () => {
    const sent = mine('helo', { sendTime: Date.now() - 60_000 });
    const sdk = fakeSdk([sent]);
    const edit = vi.spyOn(im.messages, 'editMessage').mockResolvedValue(sent);
    const log = await renderChat();

    fireEvent.click(within(await openMenu(log, 'helo')).getByRole('menuitem', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect((box as HTMLTextAreaElement).value).toBe('helo');
    expect(screen.getByText('Editing message: helo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel editing' }));
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(edit).not.toHaveBeenCalled();

    fireEvent.click(within(await openMenu(log, 'helo')).getByRole('menuitem', { name: 'Edit' }));
    fireEvent.change(box, { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(edit).toHaveBeenCalledWith({
      conversationID: sent.conversationID,
      clientMsgID: sent.clientMsgID,
      content: { content: 'hello' },
    });
    expect(screen.queryByRole('button', { name: 'Cancel editing' })).toBeNull();

    // The sdk rewrites it in place: the new text, marked edited.
    sdk.emit({
      type: 'changed',
      messages: [{ ...sent, textElem: { content: 'hello' }, editTime: Date.now() }],
    });
    expect(await within(log).findByText('hello')).toBeTruthy();
    expect(within(log).getByText('edited')).toBeTruthy();
  });

  it('offers no edit on the peer’s messages or old ones; reacts from the long-press row', async () => {
    const peers = message({ textElem: { content: 'from Bob' } });
    const old = mine('long ago', { sendTime: Date.now() - EDIT_WINDOW_MS - 1000 });
    fakeSdk([peers, old]);
    const add = vi.spyOn(im.messages, 'addReaction').mockResolvedValue([]);
    const log = await renderChat();

    let menu = await openMenu(log, 'from Bob');
    expect(within(menu).queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'React with ❤️' }));
    expect(add).toHaveBeenCalledWith({
      conversationID: peers.conversationID,
      clientMsgID: peers.clientMsgID,
      emoji: '❤️',
    });
    menu = await openMenu(log, 'long ago');
    expect(within(menu).queryByRole('menuitem', { name: 'Edit' })).toBeNull();
  });

  it('shows counts under the bubble; tapping one lists who reacted and lets the user take theirs back', async () => {
    const reacted = message({
      textElem: { content: 'nice' },
      reactions: [
        { emoji: '👍', userIDs: ['bob', 'alice'] },
        { emoji: '😂', userIDs: ['bob'] },
      ],
    });
    fakeSdk([reacted]);
    const remove = vi.spyOn(im.messages, 'removeReaction').mockResolvedValue([]);
    const log = await renderChat();

    fireEvent.click(await within(log).findByRole('button', { name: '👍 2: show who reacted' }));
    expect(within(log).getByRole('button', { name: '😂 1: show who reacted' })).toBeTruthy();
    const sheet = await screen.findByRole('dialog', { name: 'Who reacted' });
    await waitFor(() => expect(within(sheet).getByText('Bob, You')).toBeTruthy());
    fireEvent.click(within(sheet).getByRole('button', { name: 'Take back my 👍' }));
    expect(remove).toHaveBeenCalledWith({
      conversationID: reacted.conversationID,
      clientMsgID: reacted.clientMsgID,
      emoji: '👍',
    });
    // The long-press row marks the user's own reaction.
    const menu = await openMenu(log, 'nice');
    expect(
      within(menu).getByRole('menuitemcheckbox', { name: 'React with 👍' }).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('may edit only own stored texts within 48 hours', () => {
    const now = 10 * EDIT_WINDOW_MS;
    expect(canEdit(mine('x', { sendTime: now - EDIT_WINDOW_MS }), 'alice', now)).toBe(true);
    expect(canEdit(mine('x', { sendTime: now - EDIT_WINDOW_MS - 1 }), 'alice', now)).toBe(false);
    expect(canEdit(mine('x', { sendTime: now, seq: 0 }), 'alice', now)).toBe(false);
    expect(canEdit(message({ sendTime: now }), 'alice', now)).toBe(false);
    expect(canEdit(mine('x', { sendTime: now, contentType: 102, textElem: undefined }), 'alice', now)).toBe(
      false,
    );
  });
});
