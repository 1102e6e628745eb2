import { SessionType } from '@im/protocol';
import type { Database } from '../storage/database.ts';
import { remarksOf } from '../friend/friend-queries.ts';
import { findUsersByIDs } from '../user/user-queries.ts';
import type { ViewRow } from './view-queries.ts';

export interface Display {
  showName: string;
  faceURL: string;
}

/**
 * The name and picture a user sees for each conversation: for a one-to-one conversation the owner's
 * remark for the peer when they are friends and it is set, else the peer's nickname, and the peer's
 * face. The groups issue adds the group's name and face.
 */
export async function displayOf(
  db: Database,
  ownerUserID: string,
  rows: ViewRow[],
): Promise<Map<string, Display>> {
  const peers = rows.filter((r) => r.conversationType === SessionType.Single).map((r) => r.userId);
  const [users, remarks] = await Promise.all([
    findUsersByIDs(db, peers).then((list) => new Map(list.map((u) => [u.userId, u]))),
    remarksOf(db, ownerUserID, peers),
  ]);
  const out = new Map<string, Display>();
  for (const row of rows) {
    const peer = users.get(row.userId);
    const showName = remarks.get(row.userId) || peer?.nickname || '';
    out.set(row.conversationId, { showName, faceURL: peer?.faceUrl ?? '' });
  }
  return out;
}
