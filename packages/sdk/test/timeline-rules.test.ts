import { describe, expect, it } from 'vitest';
import { ContentType, MessageStatus, SessionType } from '@im/protocol';
import type { RevokedDetail } from '@im/protocol';
import {
  applyRevoked,
  applySelfInfo,
  belongsToChat,
  dropClearedMessages,
  prependMessages,
  shouldAppend,
  upsertMessages,
  visibleHistory,
} from '../src/timeline/timeline-rules.ts';
import type { ChatScope } from '../src/timeline/timeline-rules.ts';
import { message, notice } from './support/chat-fixtures.ts';

const single: ChatScope = { conversationID: 'si_alice_bob', selfID: 'alice', userID: 'bob', groupID: '' };
const group: ChatScope = { conversationID: 'sg_g1', selfID: 'alice', userID: '', groupID: 'g1' };
const elsewhere = { conversationID: '' };

const revokeDetail = (clientMsgID: string): RevokedDetail => ({
  conversationID: 'si_alice_bob',
  clientMsgID,
  seq: 1,
  sessionType: SessionType.Single,
  revokerID: 'bob',
  revokerNickname: 'Bob',
  revokeTime: 5,
  sourceMessageSendID: 'bob',
  sourceMessageSenderNickname: 'Bob',
});

const custom = (customType: number) =>
  message({
    contentType: ContentType.Custom,
    textElem: undefined,
    customElem: { data: JSON.stringify({ customType, data: {} }), description: '', extension: '' },
  });

describe('which messages belong to the open chat (docs/product.md#incoming-messages)', () => {
  it('a one-to-one chat takes the peer’s messages to me and my own to the peer', () => {
    expect(belongsToChat(message({ ...elsewhere, sendID: 'bob', recvID: 'alice' }), single)).toBe(true);
    expect(belongsToChat(message({ ...elsewhere, sendID: 'alice', recvID: 'bob' }), single)).toBe(true);
    expect(belongsToChat(message({ ...elsewhere, sendID: 'carol', recvID: 'alice' }), single)).toBe(false);
    expect(belongsToChat(message({ ...elsewhere, sendID: 'alice', recvID: 'carol' }), single)).toBe(false);
  });

  it('a one-to-one chat takes a notification from the peer, not the peer’s group messages', () => {
    expect(
      belongsToChat(
        message({ ...elsewhere, sendID: 'bob', recvID: '', sessionType: SessionType.Notification }),
        single,
      ),
    ).toBe(true);
    expect(
      belongsToChat(
        message({
          conversationID: 'sg_g1',
          sendID: 'bob',
          recvID: '',
          groupID: 'g1',
          sessionType: SessionType.Group,
        }),
        single,
      ),
    ).toBe(false);
  });

  it('a group chat takes the messages of its group only', () => {
    const inGroup = (groupID: string) =>
      message({ ...elsewhere, sendID: 'bob', recvID: '', groupID, sessionType: SessionType.Group });
    expect(belongsToChat(inGroup('g1'), group)).toBe(true);
    expect(belongsToChat(inGroup('g2'), group)).toBe(false);
    expect(belongsToChat(message({ ...elsewhere, sendID: 'bob', recvID: 'alice' }), group)).toBe(false);
  });

  it('a message filed under the chat’s conversation belongs to it', () => {
    expect(
      belongsToChat(message({ conversationID: 'si_alice_bob', sendID: 'system', recvID: '' }), single),
    ).toBe(true);
  });
});

describe('what is never appended (docs/product.md#incoming-messages)', () => {
  it('typing, revoke notices and call signals 200–204 are not appended; other custom messages are', () => {
    expect(shouldAppend(message(), single)).toBe(true);
    expect(
      shouldAppend(message({ contentType: ContentType.Typing, typingElem: { msgTips: 'yes' } }), single),
    ).toBe(false);
    expect(shouldAppend(notice(ContentType.Revoke, revokeDetail('other')), single)).toBe(false);
    for (const type of [200, 201, 202, 203, 204])
      expect(shouldAppend(custom(type), single), String(type)).toBe(false);
    expect(shouldAppend(custom(199), single)).toBe(true);
    expect(shouldAppend(custom(205), single)).toBe(true);
  });

  it('messages of another chat are not appended', () => {
    expect(shouldAppend(message({ conversationID: 'si_alice_carol', sendID: 'carol' }), single)).toBe(false);
  });

  it('history leaves out typing, call signals, deleted messages and the separate revoke record', () => {
    const revokedInPlace = notice(ContentType.Revoke, revokeDetail('r1'), { clientMsgID: 'r1' });
    const record = notice(ContentType.Revoke, revokeDetail('r1'), { clientMsgID: 'record' });
    const text = message();
    const list = [
      text,
      revokedInPlace,
      record,
      custom(200),
      message({ status: MessageStatus.Deleted }),
      message({ contentType: ContentType.Typing }),
    ];
    expect(visibleHistory(list)).toEqual([text, revokedInPlace]);
  });
});

describe('changes to shown messages', () => {
  it('a revoke turns the shown message into a revoke notice in place', () => {
    const a = message({ clientMsgID: 'a' });
    const b = message({ clientMsgID: 'b' });
    const after = applyRevoked([a, b], revokeDetail('a'));
    expect(after.map((m) => m.clientMsgID)).toEqual(['a', 'b']);
    expect(after[0].contentType).toBe(ContentType.Revoke);
    expect(JSON.parse(after[0].notificationElem!.detail).revokerID).toBe('bob');
    expect(after[1]).toBe(b);
    const none = [b];
    expect(applyRevoked(none, revokeDetail('zzz'))).toBe(none);
  });

  it('own info updates change the nickname and face on own messages only', () => {
    const mine = message({ sendID: 'alice', senderNickname: 'Al', senderFaceUrl: 'old' });
    const theirs = message({ sendID: 'bob', senderNickname: 'Bob' });
    const after = applySelfInfo([mine, theirs], { userID: 'alice', nickname: 'Alice', faceURL: 'new' });
    expect(after[0]).toMatchObject({ senderNickname: 'Alice', senderFaceUrl: 'new' });
    expect(after[1]).toBe(theirs);
  });

  it('upsert appends new messages and replaces a shown one by clientMsgID', () => {
    const sending = message({ clientMsgID: 'x', status: MessageStatus.Sending, seq: 0 });
    const other = message({ clientMsgID: 'y' });
    const stored = { ...sending, seq: 9, status: MessageStatus.Succeeded };
    const list = upsertMessages(upsertMessages([other], [sending]), [stored]);
    expect(list.map((m) => m.clientMsgID)).toEqual(['y', 'x']);
    expect(list[1].status).toBe(MessageStatus.Succeeded);
  });

  it('an older page goes before the list without doubles', () => {
    const a = message({ clientMsgID: 'a' });
    const b = message({ clientMsgID: 'b' });
    expect(prependMessages([b], [a, b]).map((m) => m.clientMsgID)).toEqual(['a', 'b']);
  });

  it('a cleared history drops stored messages up to minSeq, keeping unsent ones', () => {
    const old = message({ seq: 3 });
    const unsent = message({ seq: 0, status: MessageStatus.Failed });
    const newer = message({ seq: 8 });
    expect(dropClearedMessages([old, unsent, newer], 5)).toEqual([unsent, newer]);
  });
});
