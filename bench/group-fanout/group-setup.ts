import { GROUP_BATCH_MAX, GroupPath, Header } from '@im/protocol';
import type { Envelope, GroupInfo } from '@im/protocol';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { openDatabase } from '../../packages/server/src/storage/database.ts';
import type { BenchUser } from '../messaging/seed-users.ts';

/** The owner befriends every other bench user (groups are made of friends, docs/decisions.md#groups). */
export async function befriendAll(dataDir: string, secret: string, owner: BenchUser, users: BenchUser[]) {
  const { db } = await openDatabase(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret, DATABASE_URL: '' }));
  const now = Date.now();
  for (let start = 0; start < users.length; start += 250) {
    const rows = users
      .slice(start, start + 250)
      .filter((u) => u.userID !== owner.userID)
      .flatMap((u) => [
        { ownerUserId: owner.userID, friendUserId: u.userID, createTime: now },
        { ownerUserId: u.userID, friendUserId: owner.userID, createTime: now },
      ]);
    await db
      .insertInto('friends')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await db.destroy();
}

async function post<T>(port: number, path: string, body: unknown, token: string): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [Header.operationID]: `fanout-${Date.now()}`,
      [Header.token]: token,
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.errCode !== 0) throw new Error(`${path}: ${envelope.errCode} ${envelope.errMsg}`);
  return envelope.data as T;
}

/** A group of the owner and `members` through the real API: created with the first batch, invited in batches after. */
export async function createGroup(
  port: number,
  owner: BenchUser,
  members: BenchUser[],
  name: string,
): Promise<string> {
  const ids = members.map((m) => m.userID).filter((id) => id !== owner.userID);
  const group = await post<GroupInfo>(
    port,
    GroupPath.createGroup,
    { groupName: name, memberUserIDs: ids.slice(0, GROUP_BATCH_MAX) },
    owner.imToken,
  );
  for (let start = GROUP_BATCH_MAX; start < ids.length; start += GROUP_BATCH_MAX)
    await post(
      port,
      GroupPath.inviteUserToGroup,
      { groupID: group.groupID, userIDList: ids.slice(start, start + GROUP_BATCH_MAX) },
      owner.imToken,
    );
  return group.groupID;
}
