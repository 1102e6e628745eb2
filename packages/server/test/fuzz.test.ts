import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as P from '@im/protocol';
import {
  ChatPath,
  emptySchema,
  FriendPath,
  gatewayRequests,
  GroupPath,
  groupConversationID,
  Header,
  ImPath,
  LOGOUT_PATH,
  ObjectPath,
  singleConversationID,
} from '@im/protocol';
import type { z } from 'zod';
import { ClientConnection } from '../src/gateway/client-connection.ts';
import { DEFAULT_GATEWAY_OPTIONS } from '../src/gateway/gateway-options.ts';
import { dispatch, requestHandlers } from '../src/gateway/request-handlers.ts';
import { createMessaging } from '../src/message/messaging.ts';
import type { Database, DialectName } from '../src/storage/database.ts';
import { bodiesNear } from './support/fuzz-bodies.ts';
import { makeFriends } from './support/friends.ts';
import { createGroup } from './support/groups.ts';
import { databases, registerUser, SUPER_CODE } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/**
 * The fuzz pass (docs/operations.md#validation): every HTTP route and every gateway request gets
 * BODIES generated bodies from its schema's neighbourhood (support/fuzz-bodies.ts). Whatever comes,
 * the answer is the envelope and never a 5xx; and a refused body changes nothing in the database,
 * which a trigger on every table counts (a refused call that wrote a row and then failed shows).
 */
const BODIES = Number(process.env.FUZZ_BODIES ?? 1000);

type Auth = 'none' | 'chat' | 'im';
const HTTP_ROUTES: [string, z.ZodType, Auth][] = [
  [`/chat${ChatPath.sendCode}`, P.sendCodeSchema, 'none'],
  [`/chat${ChatPath.verifyCode}`, P.verifyCodeSchema, 'none'],
  [`/chat${ChatPath.register}`, P.registerSchema, 'none'],
  [`/chat${ChatPath.login}`, P.loginSchema, 'none'],
  [`/chat${ChatPath.resetPassword}`, P.resetPasswordSchema, 'none'],
  [`/chat${ChatPath.updateUser}`, P.updateUserSchema, 'chat'],
  [`/chat${ChatPath.findFull}`, P.findUsersSchema, 'chat'],
  [`/chat${ChatPath.searchFull}`, P.searchUsersSchema, 'chat'],
  [`/chat${ChatPath.findPublic}`, P.findUsersSchema, 'chat'],
  [`/api${ImPath.getConversationList}`, P.conversationListSchema, 'im'],
  [`/api${ImPath.getConversations}`, P.getConversationsSchema, 'im'],
  [`/api${ImPath.setConversation}`, P.setConversationSchema, 'im'],
  [`/api${ImPath.deleteConversation}`, P.conversationIDSchema, 'im'],
  [`/api${ImPath.clearConversation}`, P.conversationIDSchema, 'im'],
  [`/api${ImPath.getTotalUnread}`, emptySchema, 'im'],
  [`/api${ImPath.getHistory}`, P.historySchema, 'im'],
  [`/api${ImPath.getUsersInfo}`, P.usersInfoSchema, 'im'],
  [`/api${FriendPath.addFriend}`, P.addFriendSchema, 'im'],
  [`/api${FriendPath.respondFriendApplication}`, P.respondFriendApplicationSchema, 'im'],
  [`/api${FriendPath.getApplicationsAsRecipient}`, P.applicationListSchema, 'im'],
  [`/api${FriendPath.getApplicationsAsApplicant}`, P.applicationListSchema, 'im'],
  [`/api${FriendPath.getFriendList}`, P.friendListSchema, 'im'],
  [`/api${FriendPath.getDesignatedFriends}`, P.designatedFriendsSchema, 'im'],
  [`/api${FriendPath.isFriend}`, P.isFriendSchema, 'im'],
  [`/api${FriendPath.setFriendRemark}`, P.setFriendRemarkSchema, 'im'],
  [`/api${FriendPath.addBlack}`, P.blackUserSchema, 'im'],
  [`/api${FriendPath.removeBlack}`, P.blackUserSchema, 'im'],
  [`/api${FriendPath.getBlackList}`, P.blackListSchema, 'im'],
  [`/api${GroupPath.createGroup}`, P.createGroupSchema, 'im'],
  [`/api${GroupPath.getGroupsInfo}`, P.groupIDsSchema, 'im'],
  [`/api${GroupPath.getJoinedGroupList}`, P.joinedGroupListSchema, 'im'],
  [`/api${GroupPath.getGroupMemberList}`, P.groupMemberListSchema, 'im'],
  [`/api${GroupPath.getGroupMembersInfo}`, P.groupMembersInfoSchema, 'im'],
  [`/api${GroupPath.searchGroup}`, P.searchGroupSchema, 'im'],
  [`/api${GroupPath.joinGroup}`, P.joinGroupSchema, 'im'],
  [`/api${GroupPath.inviteUserToGroup}`, P.groupUsersSchema, 'im'],
  [`/api${GroupPath.setGroupInfo}`, P.setGroupInfoSchema, 'im'],
  [`/api${GroupPath.setGroupMemberNickname}`, P.setGroupMemberNicknameSchema, 'im'],
  [`/api${GroupPath.setGroupMemberRoleLevel}`, P.setGroupMemberRoleSchema, 'im'],
  [`/api${GroupPath.changeGroupMemberMute}`, P.changeGroupMemberMuteSchema, 'im'],
  [`/api${GroupPath.changeGroupMute}`, P.changeGroupMuteSchema, 'im'],
  [`/api${GroupPath.respondGroupApplication}`, P.respondGroupApplicationSchema, 'im'],
  [`/api${GroupPath.getApplicationsAsRecipient}`, P.groupApplicationListSchema, 'im'],
  [`/api${GroupPath.getApplicationsAsApplicant}`, P.groupApplicationListSchema, 'im'],
  [`/chat${ChatPath.rtcToken}`, P.rtcTokenSchema, 'chat'],
  [`/api${ImPath.getCallRecords}`, P.getCallRecordsSchema, 'im'],
  [`/api${P.DebugLogPath.upload}`, P.uploadDebugLogSchema, 'im'],
  [`/api${P.SearchPath.searchMessages}`, P.searchMessagesSchema, 'im'],
  [`/api${P.ReceiptPath.setBurnAfterReading}`, P.setBurnAfterReadingSchema, 'im'],
  [`/api${P.ReceiptPath.getReadState}`, P.readStateSchema, 'im'],
  [`/api${P.ReceiptPath.getMessageReaders}`, P.messageReadersSchema, 'im'],
  [`/api${P.PushPath.vapidPublicKey}`, emptySchema, 'im'],
  [`/api${P.PushPath.subscribe}`, P.pushSubscribeSchema, 'im'],
  [`/api${P.PushPath.unsubscribe}`, P.pushUnsubscribeSchema, 'im'],
  // The ones that take members away or end the session last, so the others keep their fixture.
  [`/api${GroupPath.kickGroupMember}`, P.groupUsersSchema, 'im'],
  [`/api${GroupPath.transferGroupOwner}`, P.transferGroupSchema, 'im'],
  [`/api${GroupPath.quitGroup}`, P.groupOnlySchema, 'im'],
  [`/api${GroupPath.dismissGroup}`, P.groupOnlySchema, 'im'],
  [`/api${FriendPath.deleteFriend}`, P.deleteFriendSchema, 'im'],
  [`/chat${ChatPath.changePassword}`, P.changePasswordSchema, 'chat'],
  [`/chat${LOGOUT_PATH}`, emptySchema, 'chat'],
];

/** A statement-free change counter: a trigger on every table adds one per row written. */
async function installChangeCounter(db: Database, dialect: DialectName): Promise<() => Promise<number>> {
  const raw = db.withoutPlugins();
  await sql`CREATE TABLE fuzz_changes (n integer NOT NULL)`.execute(raw);
  await sql`INSERT INTO fuzz_changes (n) VALUES (0)`.execute(raw);
  const tables =
    dialect === 'sqlite'
      ? // A virtual table and its shadow tables take no trigger. The search index's change notes
        // (migration 0020) are written by triggers on counted `messages` rows, and deleted by the
        // search index's background job whenever its timer fires, between the fuzzer's requests.
        await sql<{ name: string }>`SELECT t.name FROM sqlite_master t WHERE t.type = 'table'
          AND t.name NOT LIKE 'sqlite_%' AND t.name NOT LIKE 'kysely_%' AND t.name <> 'fuzz_changes'
          AND t.name <> 'message_search_changes'
          AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.type = 'table'
            AND v.sql LIKE 'CREATE VIRTUAL TABLE%' AND (t.name = v.name OR t.name LIKE v.name || '!_%' ESCAPE '!'))`.execute(
          raw,
        )
      : await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'
          AND tablename NOT LIKE 'kysely_%' AND tablename <> 'fuzz_changes'`.execute(raw);
  if (dialect === 'postgres')
    await sql`CREATE FUNCTION fuzz_count() RETURNS trigger AS $$
      BEGIN UPDATE fuzz_changes SET n = n + 1; RETURN NULL; END $$ LANGUAGE plpgsql`.execute(raw);
  for (const { name } of tables.rows) {
    if (dialect === 'postgres') {
      await sql
        .raw(
          `CREATE TRIGGER fuzz_${name} AFTER INSERT OR UPDATE OR DELETE ON ${name} FOR EACH ROW EXECUTE FUNCTION fuzz_count()`,
        )
        .execute(raw);
    } else {
      for (const op of ['INSERT', 'UPDATE', 'DELETE'])
        await sql
          .raw(
            `CREATE TRIGGER fuzz_${name}_${op} AFTER ${op} ON ${name} BEGIN UPDATE fuzz_changes SET n = n + 1; END`,
          )
          .execute(raw);
    }
  }
  expect(tables.rows.length).toBeGreaterThan(10);
  return async () => {
    const { rows } = await sql<{ n: number }>`SELECT n FROM fuzz_changes`.execute(raw);
    return Number(rows[0].n);
  };
}

interface Tally {
  sent: number;
  refused: number;
  serverErrors: string[];
  notEnvelope: string[];
  wroteWhenRefused: string[];
}

const isEnvelope = (value: unknown): value is { errCode: number; errMsg: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { errCode: unknown }).errCode === 'number' &&
  typeof (value as { errMsg: unknown }).errMsg === 'string';

/** A socket for ClientConnection that records what the server sends. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  #waiting: (() => void) | undefined;
  send(text: string) {
    this.sent.push(text);
    this.#waiting?.();
  }
  /**
   * Resolves once more than `count` frames were sent (at once if so already): each body waits for
   * its answer, not for the next turn of a 1 ms poll. After 5 s it rejects, as the poll did.
   */
  sentMoreThan(count: number): Promise<void> {
    if (this.sent.length > count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer after frame ${count}`)), 5000);
      this.#waiting = () => {
        if (this.sent.length <= count) return;
        clearTimeout(timer);
        this.#waiting = undefined;
        resolve();
      };
    });
  }
  close() {
    this.readyState = 3;
  }
  terminate() {
    this.readyState = 3;
  }
  ping() {}
}

describe.each(databases)('fuzz pass on %s', (database) => {
  const { server } = useSuiteServer({
    database,
    env: { UPLOADS_PER_MINUTE: '100000', UPLOADS_PER_DAY: '100000', USER_SEARCHES_PER_MINUTE: '100000' },
  });
  let changes: () => Promise<number>;
  let me: Awaited<ReturnType<typeof registerUser>>;
  let seeds: string[];
  const tally: Tally = { sent: 0, refused: 0, serverErrors: [], notEnvelope: [], wroteWhenRefused: [] };
  const started = Date.now();

  beforeAll(async () => {
    me = await registerUser(server, { nickname: 'Fuzzer' });
    const peer = await registerUser(server, { nickname: 'Peer' });
    const other = await registerUser(server, { nickname: 'Other' });
    await makeFriends(server, me, peer);
    await makeFriends(server, me, other);
    await makeFriends(server, peer, other);
    const { groupID } = await createGroup(server, me, [peer]);
    const { groupID: theirs } = await createGroup(server, peer, [other]);
    seeds = [
      me.userID,
      peer.userID,
      other.userID,
      groupID,
      theirs,
      groupConversationID(groupID),
      singleConversationID(me.userID, peer.userID),
      me.email,
      SUPER_CODE,
      '',
      'hello',
    ];
    changes = await installChangeCounter(server.app.messenger.db, server.app.messenger.dialect);
  });

  async function check(where: string, status: number, body: unknown, before: number): Promise<void> {
    tally.sent += 1;
    if (status >= 500) tally.serverErrors.push(`${where}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
    if (!isEnvelope(body)) {
      tally.notEnvelope.push(`${where}: ${JSON.stringify(body).slice(0, 200)}`);
      return;
    }
    if (body.errCode === 0) {
      known = undefined;
      return;
    }
    tally.refused += 1;
    const after = await changes();
    known = after;
    if (after !== before) tally.wroteWhenRefused.push(`${where}: ${body.errCode} ${body.errMsg}`);
  }

  /** The counter now: as the last refused body left it, or read again after an accepted one. */
  let known: number | undefined;
  const current = async () => known ?? (known = await changes());

  it('the routes of the protocol are all fuzzed', () => {
    const fuzzed = new Set(HTTP_ROUTES.map(([url]) => url));
    const declared = [
      ...Object.values(ChatPath).map((p) => `/chat${p}`),
      ...[ImPath, FriendPath, GroupPath, P.ReceiptPath].flatMap((paths) =>
        Object.values(paths).map((p) => `/api${p}`),
      ),
    ].filter((url) => server.app.hasRoute({ method: 'POST', url }));
    expect(declared.filter((url) => !fuzzed.has(url))).toEqual([]);
  });

  it('POST /api/object/upload and GET /api/object/<name>', async () => {
    const bytes = fc.sample(fc.uint8Array({ maxLength: 2048 }), { numRuns: BODIES, seed: 7 });
    const names = fc.sample(fc.string({ unit: 'binary', maxLength: 80 }), { numRuns: BODIES, seed: 8 });
    const purposes = ['avatar', '', 'x'.repeat(300), '../avatar', '%00'];
    for (const [n, body] of bytes.entries()) {
      const before = await current();
      const upload = await server.app.inject({
        method: 'POST',
        url: `/api${ObjectPath.upload}?purpose=${encodeURIComponent(purposes[n % purposes.length])}`,
        headers: { [Header.token]: me.imToken, 'content-type': n % 3 ? 'image/png' : 'application/json' },
        payload: Buffer.from(body),
      });
      await check(`upload #${n}`, upload.statusCode, safeJson(upload.body), before);
      const download = await server.app.inject({
        method: 'GET',
        url: `/api${ObjectPath.download}${encodeURIComponent(names[n])}`,
      });
      tally.sent += 1;
      if (download.statusCode >= 500) tally.serverErrors.push(`download ${names[n]}: ${download.statusCode}`);
      if (download.statusCode !== 200 && !isEnvelope(safeJson(download.body)))
        tally.notEnvelope.push(`download ${JSON.stringify(names[n])}`);
    }
  });

  it.each(
    Object.entries(gatewayRequests).map(([id, entry], i) => ({ id: Number(id), schema: entry.schema, i })),
  )('gateway request $id', async ({ id, schema, i }) => {
    const { messenger } = server.app;
    const handlers = requestHandlers(createMessaging(messenger));
    const socket = new FakeSocket();
    const auth = await messenger.tokens.verify(me.imToken, 'im');
    const options = { ...DEFAULT_GATEWAY_OPTIONS, rateBurst: 1e9, ratePerSecond: 1e9 };
    new ClientConnection(
      socket as never,
      auth,
      (conn, reqID, data) => dispatch(handlers, conn, reqID, data),
      options,
      messenger.log,
    );
    const bodies = bodiesNear(schema, seeds, BODIES, 5000 + i);
    for (const [n, data] of bodies.entries()) {
      const before = await current();
      const frame =
        n % 101 === 3
          ? '{"reqIdentifier":'
          : JSON.stringify({
              reqIdentifier: n % 53 === 7 ? n : id,
              msgIncr: `f${n}`,
              operationID: 'fz',
              data,
            });
      const count = socket.sent.length;
      socket.emit('message', Buffer.from(frame), false);
      await socket.sentMoreThan(count);
      const answer = safeJson(socket.sent.at(-1)!);
      const code = isEnvelope(answer) && answer.errCode === P.ErrCode.SERVER ? 500 : 200;
      await check(`ws ${id} #${n}`, code, answer, before);
    }
  });

  it.each(HTTP_ROUTES.map(([url, schema, auth], i) => ({ url, schema, auth, i })))(
    'POST $url',
    async ({ url, schema, auth, i }) => {
      const token = auth === 'chat' ? me.chatToken : auth === 'im' ? me.imToken : undefined;
      const bodies = bodiesNear(schema, seeds, BODIES, 1000 + i);
      for (const [n, body] of bodies.entries()) {
        const before = await current();
        // Now and then the bytes are not JSON at all.
        const payload = n % 97 === 5 ? '{"groupID": ' : JSON.stringify(body ?? null);
        const answer = await server.app.inject({
          method: 'POST',
          url,
          headers: {
            'content-type': 'application/json',
            [Header.operationID]: `fuzz-${n}`,
            ...(token ? { [Header.token]: token } : {}),
          },
          payload,
        });
        await check(`${url} #${n}`, answer.statusCode, safeJson(answer.body), before);
      }
    },
  );

  it('answered every body with the envelope, no 5xx, and no refused body wrote anything', () => {
    console.log(
      `fuzz on ${database}: ${tally.sent} requests, ${tally.refused} refused, ` +
        `${tally.serverErrors.length} 5xx, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(tally.serverErrors).toEqual([]);
    expect(tally.notEnvelope).toEqual([]);
    expect(tally.wroteWhenRefused).toEqual([]);
    expect(tally.sent).toBeGreaterThanOrEqual((HTTP_ROUTES.length + 8) * BODIES);
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
