import { isNotification, MessageStatus } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import type { ConversationReads } from '../stores/read-state-store';

/** What an own message shows of its readers (docs/product.md#read-receipts). */
export type ReadMark = { kind: 'single'; read: boolean } | { kind: 'group'; unread: number } | null;

/**
 * The mark of an own stored message: read or unread by the peer of a one-to-one chat, or how many
 * group members who had it to read (joined before it) have not read it yet. None for others'
 * messages, unsent ones, notices, or a conversation without receipts.
 */
export function readMarkOf(
  message: MessageItem,
  reads: ConversationReads | undefined,
  selfID: string,
  isGroup: boolean,
): ReadMark {
  if (message.sendID !== selfID || message.seq <= 0 || message.status !== MessageStatus.Succeeded)
    return null;
  if (isNotification(message.contentType) || !reads?.receipts) return null;
  const members = Object.values(reads.members);
  if (!isGroup) {
    const [peer] = members;
    return peer ? { kind: 'single', read: peer.hasReadSeq >= message.seq } : null;
  }
  const unread = members.filter((m) => m.minSeq < message.seq && m.hasReadSeq < message.seq).length;
  return { kind: 'group', unread };
}
