import { SessionType } from '@im/protocol';
import { memberIDs } from '../group/member-queries.ts';
import type { Database } from '../storage/database.ts';

/** The two users of `si_<a>_<b>` (one in a note-to-self), or null for another kind of id. */
export function usersOfSingleConversation(conversationID: string): string[] | null {
  const match = /^si_(.+?)_(.+)$/.exec(conversationID);
  if (!match) return null;
  return match[1] === match[2] ? [match[1]] : [match[1], match[2]];
}

/**
 * Who takes part in a conversation, for messages stored into it after the fact (revoke notices):
 * both users of a one-to-one conversation, the current members of a group (not those who left, whose
 * view ended), else everyone who has a row of it.
 */
export async function membersOf(
  db: Database,
  conversationID: string,
  sessionType: number,
): Promise<readonly string[]> {
  if (sessionType === SessionType.Single) return usersOfSingleConversation(conversationID) ?? [];
  const group = /^sg_(.+)$/.exec(conversationID);
  if (sessionType === SessionType.Group && group) return memberIDs(db, group[1]);
  const rows = await db
    .selectFrom('userConversations')
    .select('ownerUserId')
    .where('conversationId', '=', conversationID)
    .execute();
  return rows.map((r) => r.ownerUserId);
}
