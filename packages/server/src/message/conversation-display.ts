import { SessionType } from '@im/protocol';
import type { Database } from '../storage/database.ts';
import { remarksOf } from '../friend/friend-queries.ts';
import { groupsByIDs } from '../group/group-queries.ts';
import { findUsersByIDs } from '../user/user-queries.ts';
import type { ViewRow } from './view-queries.ts';

export interface Display {
  showName: string;
  faceURL: string;
}

/**
 * The name and picture a user sees for each conversation: for a one-to-one conversation the owner's
 * remark for the peer when they are friends and it is set, else the peer's nickname, and the peer's
 * face; for a group conversation the group's name and face (a former member keeps seeing them: the
 * row is theirs and so is the history up to their leave).
 */
export async function displayOf(
  db: Database,
  ownerUserID: string,
  rows: ViewRow[],
): Promise<Map<string, Display>> {
  const peers = rows.filter((r) => r.conversationType === SessionType.Single).map((r) => r.userId);
  const groupIDs = rows.filter((r) => r.conversationType === SessionType.Group).map((r) => r.groupId);
  const [users, remarks, groups] = await Promise.all([
    findUsersByIDs(db, peers).then((list) => new Map(list.map((u) => [u.userId, u]))),
    remarksOf(db, ownerUserID, peers),
    groupsByIDs(db, groupIDs).then((list) => new Map(list.map((g) => [g.groupId, g]))),
  ]);
  const out = new Map<string, Display>();
  for (const row of rows) {
    const group = row.conversationType === SessionType.Group ? groups.get(row.groupId) : undefined;
    if (group) {
      out.set(row.conversationId, { showName: group.groupName, faceURL: group.faceUrl });
      continue;
    }
    const peer = users.get(row.userId);
    const showName = remarks.get(row.userId) || peer?.nickname || '';
    out.set(row.conversationId, { showName, faceURL: peer?.faceUrl ?? '' });
  }
  return out;
}
