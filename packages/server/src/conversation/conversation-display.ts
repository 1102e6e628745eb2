import { SessionType } from '@im/protocol';
import type { Database } from '../storage/database.ts';
import { findUsersByIDs } from '../user/user-queries.ts';
import type { ViewRow } from './view-queries.ts';

export interface Display {
  showName: string;
  faceURL: string;
}

/**
 * The name and picture a user sees for each conversation: the peer's nickname and face for a
 * one-to-one conversation. The contacts issue puts a friend's remark first here, the groups issue the
 * group's name and face.
 */
export async function displayOf(db: Database, rows: ViewRow[]): Promise<Map<string, Display>> {
  const peers = rows.filter((r) => r.conversationType === SessionType.Single).map((r) => r.userId);
  const users = new Map((await findUsersByIDs(db, peers)).map((u) => [u.userId, u]));
  const out = new Map<string, Display>();
  for (const row of rows) {
    const peer = users.get(row.userId);
    out.set(row.conversationId, { showName: peer?.nickname ?? '', faceURL: peer?.faceUrl ?? '' });
  }
  return out;
}
