import { describe, expect, it } from 'vitest';
import { ContentType } from '@im/protocol';
import { applyMessage, countsAsUnread } from '../src/conversations/apply-message.ts';
import { compareConversations, totalUnread } from '../src/conversations/conversation-order.ts';
import { conversation, textMessage } from './support/fixtures.ts';

describe('conversation rules', () => {
  it('orders pinned first, then by the later of draft and last message time', () => {
    const items = [
      conversation('a', { latestMsgSendTime: 10 }),
      conversation('b', { latestMsgSendTime: 5, draftTextTime: 30 }),
      conversation('c', { latestMsgSendTime: 1, isPinned: true }),
      conversation('d', { latestMsgSendTime: 20 }),
    ];
    expect(items.sort(compareConversations).map((c) => c.conversationID)).toEqual(['c', 'b', 'd', 'a']);
  });

  it('counts peer messages as unread, not own ones, notifications or typing', () => {
    expect(countsAsUnread(textMessage(1), 'bob')).toBe(true);
    expect(countsAsUnread(textMessage(1), 'alice')).toBe(false);
    expect(countsAsUnread(textMessage(1, { contentType: ContentType.Revoke }), 'bob')).toBe(false);
    expect(countsAsUnread(textMessage(1, { contentType: ContentType.OfficialNotice }), 'bob')).toBe(true);
  });

  it('moves a conversation forward only for a newer message; an own message reads it', () => {
    const base = conversation('si_alice_bob', { maxSeq: 2, hasReadSeq: 1, unreadCount: 1 });
    const next = applyMessage(base, textMessage(3), 'bob')!;
    expect(next).toMatchObject({ maxSeq: 3, unreadCount: 2, latestMsgSendTime: 1003 });
    expect(applyMessage(next, textMessage(3), 'bob')).toBeNull();
    const own = applyMessage(next, textMessage(4, { sendID: 'bob', recvID: 'alice' }), 'bob')!;
    expect(own).toMatchObject({ maxSeq: 4, unreadCount: 0, hasReadSeq: 4 });
  });

  it('a silent change moves only the max seq; an own read mark reads up to its hasReadSeq', () => {
    const base = conversation('si_alice_bob', { maxSeq: 4, hasReadSeq: 1, unreadCount: 3 });
    const mark = (seq: number, sendID: string, hasReadSeq: number) =>
      textMessage(seq, {
        sendID,
        contentType: ContentType.HasReadReceipt,
        textElem: undefined,
        notificationElem: {
          detail: JSON.stringify({ conversationID: 'si_alice_bob', userID: sendID, hasReadSeq, readTime: 1 }),
        },
      });
    // The peer's read mark: nothing of this user's state moves, nor the summary or the order.
    const peer = applyMessage(base, mark(5, 'alice', 4), 'bob')!;
    expect(peer).toEqual({ ...base, maxSeq: 5 });
    // Own read mark (another device, or one racing the MarkAsRead answer): read up to its seq.
    expect(applyMessage(base, mark(5, 'bob', 4), 'bob')).toEqual({
      ...base,
      maxSeq: 5,
      hasReadSeq: 4,
      unreadCount: 0,
    });
    expect(applyMessage(base, mark(5, 'bob', 3), 'bob')).toMatchObject({ hasReadSeq: 3, unreadCount: 3 });
  });

  it('totals unread only where the receive option notifies', () => {
    const items = [
      conversation('a', { unreadCount: 3 }),
      conversation('b', { unreadCount: 5, recvMsgOpt: 2 }),
      conversation('c', { unreadCount: 1, recvMsgOpt: 1 }),
    ];
    expect(totalUnread(items)).toBe(3);
  });
});
