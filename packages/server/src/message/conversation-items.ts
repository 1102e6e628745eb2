import type { ConversationItem } from '@im/protocol';
import { latestShownMessages } from './message-queries.ts';
import { toMessageItem } from './message-row.ts';
import type { Database } from '../storage/database.ts';
import { displayOf } from './conversation-display.ts';
import { unreadCounts } from './view-queries.ts';
import type { ViewWithSeq } from './view-queries.ts';

/**
 * Rows of one user as ConversationItems, in the order given: the peer's name and face, the last
 * message (null when cleared or deleted past it) and the unread count, each fetched once for all rows.
 */
export async function toConversationItems(
  db: Database,
  ownerUserID: string,
  rows: ViewWithSeq[],
): Promise<ConversationItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.conversationId);
  const withLatest = rows.filter((r) => r.maxSeq > r.minSeq);
  const [display, unread, latest] = await Promise.all([
    displayOf(db, ownerUserID, rows),
    unreadCounts(db, ownerUserID, ids),
    latestShownMessages(
      db,
      withLatest.map((r) => ({ conversationID: r.conversationId, maxSeq: r.maxSeq, minSeq: r.minSeq })),
    ),
  ]);
  const latestByID = new Map(latest.map((m) => [m.conversationId, toMessageItem(m)]));
  return rows.map((row) => ({
    conversationID: row.conversationId,
    conversationType: row.conversationType,
    userID: row.userId,
    groupID: row.groupId,
    showName: display.get(row.conversationId)?.showName ?? '',
    faceURL: display.get(row.conversationId)?.faceURL ?? '',
    recvMsgOpt: row.recvMsgOpt,
    unreadCount: unread.get(row.conversationId) ?? 0,
    groupAtType: row.groupAtType,
    latestMsg: latestByID.get(row.conversationId) ?? null,
    latestMsgSendTime: row.latestSendTime,
    draftText: row.draftText,
    draftTextTime: row.draftTextTime,
    isPinned: row.isPinned === 1,
    isPrivateChat: row.isPrivateChat === 1,
    burnDuration: row.burnDuration,
    maxSeq: row.maxSeq,
    hasReadSeq: row.hasReadSeq,
    minSeq: row.minSeq,
    ...(row.ex ? { ex: row.ex } : {}),
  }));
}
