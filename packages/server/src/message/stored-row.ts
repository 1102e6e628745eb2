import type { MessageDraft, MessageRow } from './message-row.ts';

/**
 * The row a draft is stored as, with what the store gave it: the columns a draft may leave out take
 * their defaults (those of the messages table). insert-messages.ts builds each stored row with it, and
 * the event loop's thread rebuilds the rows the store's thread stored from their drafts with it
 * (store-thread-wire.ts), so that both are the same.
 */
export function storedRow(
  draft: MessageDraft,
  seq: number,
  serverMsgId: string,
  sendTime: number,
): MessageRow {
  return {
    recvId: '',
    groupId: '',
    senderNickname: '',
    senderFaceUrl: '',
    senderPlatformId: 0,
    ex: '',
    burnDuration: 0,
    burnAt: 0,
    editTime: 0,
    reactions: '',
    ...draft,
    seq,
    serverMsgId,
    sendTime,
  };
}
