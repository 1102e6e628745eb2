import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ContentType, GroupAtType, SessionType } from '@im/protocol';
import type { ConversationItem } from '@im/protocol';
import { ConversationPage } from '../src/pages/conversation/conversation-page';
import { routePath } from '../src/router/paths';
import { bindCoreEvents } from '../src/session/bind-core-events';
import { useConversationStore } from '../src/stores/conversation-store';
import { useUserStore } from '../src/stores/user-store';
import { loadAppCatalogues } from './app-i18n';
import { emitCoreEvent } from './core-event-player';
import { conversation, message } from './fixtures';

/**
 * The chats tab as a person sees it. The list reaches the screen as in the app: the messaging core
 * (the real client, not logged in) announces conversations, session/bind-core-events.ts puts them in
 * the store, the screen shows the store.
 */
loadAppCatalogues('en');

function ChatProbe() {
  const { pathname, search } = useLocation();
  return <p>opened {pathname + search}</p>;
}

function showChats() {
  render(
    <MemoryRouter initialEntries={[routePath.conversation]}>
      <Routes>
        <Route path={routePath.conversation} element={<ConversationPage />} />
        <Route path={routePath.chat} element={<ChatProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The first page has come back (what loading it sets), so the screen asks for no more. */
const firstPageLoaded = () => useConversationStore.getState().setPaging({ loaded: true, hasMore: false });
const announce = (event: 'newConversation' | 'conversationChanged', items: ConversationItem[]) =>
  act(() => emitCoreEvent(event, items));

const rows = () => within(screen.getByRole('list', { name: 'Chats' })).getAllByRole('listitem');
const rowNames = () => rows().map((row) => row.getAttribute('aria-label'));
const row = (name: string) =>
  within(screen.getByRole('list', { name: 'Chats' })).getByRole('listitem', { name });

/** Alice's one-to-one chat with `name`. */
const chatWith = (name: string, fields: Partial<ConversationItem> = {}) =>
  conversation({
    conversationID: `si_alice_${name.toLowerCase()}`,
    userID: name.toLowerCase(),
    showName: name,
    ...fields,
  });

/**
 * Runs `steps` with React's act environment off, as in the app: a store's update renders in a
 * microtask, a transition in a later task of React's scheduler.
 */
async function outsideAct(steps: () => Promise<void>): Promise<void> {
  const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await steps();
  } finally {
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
}

/** The promises already queued settle; no task of React's scheduler runs. */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

beforeAll(() => bindCoreEvents());
beforeEach(() => {
  useConversationStore.getState().reset();
  useUserStore.getState().reset();
  useUserStore.getState().setSelfInfo({ userID: 'alice', nickname: 'Alice', faceURL: '' } as never);
});
afterEach(cleanup);

describe('the conversation list', () => {
  it('shows pinned chats first, then the latest activity first, and sorts again on a change', () => {
    firstPageLoaded();
    showChats();
    announce('newConversation', [
      conversation({
        conversationID: 'si_alice_bob',
        userID: 'bob',
        showName: 'Bob',
        latestMsgSendTime: 100,
      }),
      conversation({
        conversationID: 'si_alice_carol',
        userID: 'carol',
        showName: 'Carol',
        latestMsgSendTime: 300,
      }),
      conversation({
        conversationID: 'si_alice_dave',
        userID: 'dave',
        showName: 'Dave',
        latestMsgSendTime: 50,
        isPinned: true,
      }),
    ]);
    expect(rowNames()).toEqual(['Dave', 'Carol', 'Bob']);

    announce('conversationChanged', [
      conversation({
        conversationID: 'si_alice_bob',
        userID: 'bob',
        showName: 'Bob',
        latestMsgSendTime: 400,
      }),
    ]);
    expect(rowNames()).toEqual(['Dave', 'Bob', 'Carol']);
  });

  it('badges unread messages (99+ past 99) and shows none when all is read', () => {
    firstPageLoaded();
    showChats();
    announce('newConversation', [
      conversation({ conversationID: 'si_alice_bob', userID: 'bob', showName: 'Bob', unreadCount: 5 }),
      conversation({
        conversationID: 'si_alice_carol',
        userID: 'carol',
        showName: 'Carol',
        unreadCount: 120,
      }),
      conversation({ conversationID: 'si_alice_dave', userID: 'dave', showName: 'Dave', unreadCount: 0 }),
    ]);
    expect(within(row('Bob')).getByLabelText('5 unread').textContent).toContain('5');
    expect(within(row('Carol')).getByLabelText('120 unread').textContent).toContain('99+');
    expect(within(row('Dave')).queryByLabelText(/unread/)).toBeNull();
  });

  it('summarises the last message, a group member’s with their name, and a draft before it', () => {
    firstPageLoaded();
    showChats();
    announce('newConversation', [
      conversation({
        conversationID: 'si_alice_bob',
        userID: 'bob',
        showName: 'Bob',
        latestMsg: message({ textElem: { content: 'see you tomorrow' } }),
        latestMsgSendTime: 300,
      }),
      conversation({
        conversationID: 'sg_g1',
        conversationType: SessionType.Group,
        userID: '',
        groupID: 'g1',
        showName: 'Team',
        groupAtType: GroupAtType.AtMe,
        latestMsg: message({
          conversationID: 'sg_g1',
          sessionType: SessionType.Group,
          groupID: 'g1',
          sendID: 'carol',
          senderNickname: 'Carol',
          contentType: ContentType.Picture,
          textElem: undefined,
        }),
        latestMsgSendTime: 200,
      }),
      conversation({
        conversationID: 'si_alice_dave',
        userID: 'dave',
        showName: 'Dave',
        latestMsg: message({ textElem: { content: 'older' } }),
        draftText: 'unsent words',
        draftTextTime: 100,
      }),
    ]);
    expect(within(row('Bob')).getByText('see you tomorrow')).toBeTruthy();
    expect(within(row('Team')).getByText('Carol: [Image]')).toBeTruthy();
    expect(within(row('Team')).getByText('[@me]')).toBeTruthy();
    expect(within(row('Dave')).getByText('[Draft]')).toBeTruthy();
    expect(within(row('Dave')).getByText('unsent words')).toBeTruthy();
    expect(within(row('Dave')).queryByText('older')).toBeNull();
  });

  it('says there are no conversations once the first page came back empty, not before', () => {
    showChats();
    expect(screen.queryByText('No conversations yet')).toBeNull();
    act(firstPageLoaded);
    expect(screen.getByText('No conversations yet')).toBeTruthy();
    announce('newConversation', [conversation({ showName: 'Bob' })]);
    expect(screen.queryByText('No conversations yet')).toBeNull();
  });

  it('tapping a row opens that conversation’s chat', () => {
    firstPageLoaded();
    showChats();
    announce('newConversation', [
      conversation({ conversationID: 'si_alice_bob', userID: 'bob', showName: 'Bob' }),
      conversation({
        conversationID: 'sg_g1',
        conversationType: SessionType.Group,
        groupID: 'g1',
        showName: 'Team',
      }),
    ]);
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Team' })).getByRole('link'));
    expect(screen.getByText('opened /chat?conversationID=sg_g1')).toBeTruthy();
  });

  it('renders the rows of a changed list after the store’s own update, in a transition of their own', async () => {
    firstPageLoaded();
    showChats();
    announce('newConversation', [chatWith('Bob', { latestMsgSendTime: 100 })]);
    expect(rowNames()).toEqual(['Bob']);
    await outsideAct(async () => {
      emitCoreEvent('newConversation', [chatWith('Carol', { latestMsgSendTime: 300 })]);
      await microtasks();
      expect(rowNames()).toEqual(['Bob']);
      await waitFor(() => expect(rowNames()).toEqual(['Carol', 'Bob']));
    });
  });

  it('never says there are no conversations while the first page’s rows are still to render', async () => {
    showChats();
    await outsideAct(async () => {
      // What loading the first page does (stores/conversation-actions.ts).
      const { setConversationList, setPaging } = useConversationStore.getState();
      setConversationList([chatWith('Bob')]);
      setPaging({ hasMore: false, loaded: true });
      await microtasks();
      expect(screen.queryByText('No conversations yet')).toBeNull();
      await waitFor(() => expect(rowNames()).toEqual(['Bob']));
      expect(screen.queryByText('No conversations yet')).toBeNull();
    });
  });
});
