import { SessionType } from '@im/protocol';
import type { Database } from '../storage/database.ts';

/** The two users of `si_<a>_<b>` (one in a note-to-self), or null for another kind of id. */
export function usersOfSingleConversation(conversationID: string): string[] | null {
  const match = /^si_(.+?)_(.+)$/.exec(conversationID);
  if (!match) return null;
  return match[1] === match[2] ? [match[1]] : [match[1], match[2]];
}

/**
 * Who takes part in a conversation, for messages stored into it after the fact (revoke notices,
 * notifications): both users of a one-to-one conversation, else everyone who has a row of it (the
 * groups issue creates members' rows when they join and may replace this with its member list).
 */
export async function membersOf(
  db: Database,
  conversationID: string,
  sessionType: number,
): Promise<string[]> {
  if (sessionType === SessionType.Single) return usersOfSingleConversation(conversationID) ?? [];
  const rows = await db
    .selectFrom('userConversations')
    .select('ownerUserId')
    .where('conversationId', '=', conversationID)
    .execute();
  return rows.map((r) => r.ownerUserId);
}
