import type { ConversationItem } from '@im/protocol';
import { isSilentChange } from '@im/protocol';
import { latestShownMessage, messagesAt } from './message-queries.ts';
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
    messagesAt(
      db,
      withLatest.map((r) => ({ conversationID: r.conversationId, seq: r.maxSeq })),
    ),
  ]);
  const latestByID = new Map(latest.map((m) => [m.conversationId, toMessageItem(m)]));
  // A silent change at maxSeq is never the summary: the latest message before it is (docs/api.md#message-changes).
  for (const row of withLatest) {
    const item = latestByID.get(row.conversationId);
    if (!item || !isSilentChange(item.contentType)) continue;
    const shown = await latestShownMessage(db, row.conversationId, row.maxSeq, row.minSeq);
    if (shown) latestByID.set(row.conversationId, toMessageItem(shown));
    else latestByID.delete(row.conversationId);
  }
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
