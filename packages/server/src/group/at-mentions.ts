import { AT_ALL_TAG, ErrCode, GroupAtType } from '@im/protocol';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { AppError } from '../http/app-error.ts';
import type { Tables } from '../storage/tables.ts';
import { isManager } from './group-auth.ts';
import type { MemberRow } from './member-queries.ts';

/** Who an at-text (106) group message mentions. */
export interface AtMarks {
  atAll: boolean;
  userIDs: string[];
}

/**
 * The mentions of an at-text message's `atUserList`. The special "AtAllTag" (@all) is the owner's and
 * admins' only (1002 for anyone else); mentioning oneself marks nothing.
 */
export function readAtMarks(
  content: Record<string, unknown> | undefined,
  sender: Pick<MemberRow, 'userId' | 'roleLevel'>,
): AtMarks {
  const list = Array.isArray(content?.atUserList) ? (content.atUserList as unknown[]) : [];
  const ids = list.filter((id): id is string => typeof id === 'string');
  const atAll = ids.includes(AT_ALL_TAG);
  if (atAll && !isManager(sender))
    throw new AppError(ErrCode.NO_PERMISSION, { detail: '@all: only the group owner and admins' });
  return { atAll, userIDs: ids.filter((id) => id !== AT_ALL_TAG && id !== sender.userId) };
}

/**
 * Sets the recipients' groupAtType in the message's transaction: 1 (at me) for the mentioned members,
 * 2 (at all) for every recipient on @all, 3 for both. It stays until they read to the end (MarkAsRead).
 */
export async function markGroupAt(
  trx: Transaction<Tables>,
  conversationID: string,
  recipientIDs: string[],
  marks: AtMarks,
): Promise<void> {
  const recipients = new Set(recipientIDs);
  const mentioned = [...new Set(marks.userIDs)].filter((id) => recipients.has(id));
  const mark = async (userIDs: string[], bit: number) => {
    if (userIDs.length === 0) return;
    await trx
      .updateTable('userConversations')
      .set({ groupAtType: sql<number>`group_at_type | ${bit}` })
      .where('conversationId', '=', conversationID)
      .where('ownerUserId', 'in', userIDs)
      .execute();
  };
  if (marks.atAll) await mark(recipientIDs, GroupAtType.AtAll);
  await mark(mentioned, GroupAtType.AtMe);
}
