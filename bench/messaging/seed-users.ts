import { TokenService } from '../../packages/server/src/auth/token-service.ts';
import { hashPassword } from '../../packages/server/src/auth/password.ts';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { openDatabase } from '../../packages/server/src/storage/database.ts';

const benchUserID = (i: number) => `b${String(i).padStart(6, '0')}`;

export interface BenchUser {
  userID: string;
  imToken: string;
}

/**
 * Creates the bench's users straight in the server's database (registering 10k users through
 * /chat/account/register would time scrypt, not messaging) and signs their tokens with the secret the
 * server will be started with.
 */
export async function seedUsers(
  dataDir: string,
  secret: string,
  count: number,
  databaseUrl = '',
): Promise<BenchUser[]> {
  // SQLite in dataDir, or the PostgreSQL of databaseUrl (the cluster bench's).
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret, DATABASE_URL: databaseUrl });
  const { db } = await openDatabase(config);
  const passwordHash = await hashPassword('bench123', 16384);
  const tokens = new TokenService(db, new TextEncoder().encode(secret), 1);
  const users: BenchUser[] = [];
  const now = Date.now();
  for (let start = 0; start < count; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 500); i += 1) {
      rows.push({
        userId: benchUserID(i),
        nickname: `Bench ${i}`,
        faceUrl: '',
        gender: 0,
        birth: 0,
        areaCode: null,
        phoneNumber: null,
        email: `bench${i}@example.com`,
        userName: '',
        passwordHash,
        globalRecvMsgOpt: 0,
        allowAddFriend: 1,
        createTime: now,
      });
    }
    await db.insertInto('users').values(rows).execute();
  }
  // Client i writes to client i+1: each pair is a friendship (one-to-one sends are between friends).
  for (let start = 0; start < count; start += 250) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 250); i += 1) {
      const [a, b] = [benchUserID(i), benchUserID((i + 1) % count)];
      rows.push(
        { ownerUserId: a, friendUserId: b, createTime: now },
        { ownerUserId: b, friendUserId: a, createTime: now },
      );
    }
    await db
      .insertInto('friends')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (let i = 0; i < count; i += 1) {
    const userID = benchUserID(i);
    users.push({ userID, imToken: (await tokens.issue(userID, 5)).imToken });
  }
  await db.destroy();
  return users;
}
