import { describe, expect, it } from 'vitest';
import type { ConversationItem } from '@im/protocol';
import type { ImApi } from '../src/http-api/im-api-client.ts';
import { ConversationService } from '../src/conversations/conversation-service.ts';
import { MemoryStore } from '../src/store/memory-store.ts';
import { conversation, textMessage } from './support/fixtures.ts';

const ID = 'si_alice_bob';

/** A promise the test settles by hand: an answer held on the way back. */
function held<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

async function serviceWith(api: Partial<ImApi>, rows: ConversationItem[]) {
  const store = new MemoryStore();
  await store.putConversations(rows);
  const changes: ConversationItem[] = [];
  const service = new ConversationService(store, api as ImApi, 'bob', {
    conversationChanged: (items) => changes.push(...items),
    newConversation: () => undefined,
    totalUnreadChanged: () => undefined,
  });
  return { store, service, changes };
}

describe('conversation rows when answers cross', () => {
  it('keeps a draft emptied while an older list read was on its way back', async () => {
    const drafted = conversation(ID, { draftText: 'Sure, at noon', draftTextTime: 50 });
    const listAnswer = held<{ conversations: ConversationItem[]; total: number }>();
    const { store, service, changes } = await serviceWith(
      {
        getConversationList: () => listAnswer.promise,
        setConversation: async () => ({ ...drafted, draftText: '', draftTextTime: 0 }),
      },
      [drafted],
    );
    // The list read goes out first (the list screen opening) and the server reads the draft then.
    const reading = service.listSplit(0, 20);
    await service.setConversation({ conversationID: ID, draftText: '' });
    expect((await store.getConversation(ID))?.draftText).toBe('');

    listAnswer.release({ conversations: [drafted], total: 1 });
    await reading;
    expect((await store.getConversation(ID))?.draftText).toBe('');
    expect(changes.at(-1)?.draftText).toBe('');
  });

  it('takes a list read sent after the change', async () => {
    const drafted = conversation(ID, { draftText: '', draftTextTime: 0 });
    const elsewhere = { ...drafted, isPinned: true };
    const { store, service } = await serviceWith(
      {
        getConversationList: async () => ({ conversations: [elsewhere], total: 1 }),
        setConversation: async () => drafted,
      },
      [drafted],
    );
    await service.setConversation({ conversationID: ID, draftText: '' });
    await service.listSplit(0, 20);
    expect((await store.getConversation(ID))?.isPinned).toBe(true);
  });

  it('keeps a message applied while the conversation was being marked read', async () => {
    const { store, service } = await serviceWith({}, [
      conversation(ID, { maxSeq: 1, hasReadSeq: 0, unreadCount: 1, latestMsg: textMessage(1) }),
    ]);
    // Both start from the stored row; neither may write over the other's change.
    await Promise.all([service.markRead(ID), service.applyMessages([textMessage(2)])]);
    const row = await store.getConversation(ID);
    expect(row?.maxSeq).toBe(2);
    expect(row?.latestMsg?.seq).toBe(2);
  });

  it('keeps a conversation changed during a whole-list read that did not see it', async () => {
    const listAnswer = held<{ conversations: ConversationItem[]; total: number }>();
    const { store, service } = await serviceWith({ getConversationList: () => listAnswer.promise }, []);
    const refreshing = service.refreshAll();
    // Its first message arrives, and the server's copy comes with it, after the list was read.
    await service.merge([conversation(ID, { maxSeq: 1, latestMsg: textMessage(1) })]);
    listAnswer.release({ conversations: [], total: 0 });
    await refreshing;
    expect(await store.getConversation(ID)).toBeDefined();
  });
});
