import { SessionType } from '@im/protocol';
import { memberCounts } from '../group/group-queries.ts';
import type { ViewWithSeq } from '../message/view-queries.ts';
import type { Database } from '../storage/database.ts';

/**
 * Whether a conversation keeps read receipts (docs/product.md#read-receipts): one-to-one chats (not a
 * note-to-self) always, groups up to `groupMax` members (READ_RECEIPT_GROUP_MAX).
 */
export async function receiptsKept(db: Database, groupMax: number, view: ViewWithSeq): Promise<boolean> {
  if (view.conversationType === SessionType.Single) return view.userId !== view.ownerUserId;
  if (view.conversationType !== SessionType.Group) return false;
  const count = (await memberCounts(db, [view.groupId])).get(view.groupId) ?? 0;
  return count > 0 && count <= groupMax;
}
