import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentType, Header, ImPath, MsgFrom, SessionType, singleConversationID } from '@im/protocol';
import type { LoginResp } from '@im/protocol';
import type { TestServer } from '@im/server/testing';
import { viewTarget } from '../../packages/server/src/message/view-target.ts';
import { seedHistory } from '../chat-open/seed-history.ts';
import { describeMachine, resultsDir } from '../messaging/bench-options.ts';
import { percentile, round } from '../messaging/stats.ts';
import { befriend, commitOf, registerUser, startWebServer } from '../support/bench-server.ts';

const MESSAGES = 1_000_000;
const CONVERSATIONS = 5000;
const REPEAT = 1000;
/**
 * Calls made before the timed ones of each shape: the first prepares its statements, and the request
 * path's code gets optimized. With 10, the shape timed first, right after the seed, ran partly on
 * unoptimized code: whichever shape came first was 0.2-0.3 ms slower at p50 and the slowest at p99
 * (measured by timing them in another order), which made the newest page look the slowest. A server
 * in service runs that code hot.
 */
const WARM_UP = 200;

interface Timing {
  what: string;
  p50Ms: number;
  p99Ms: number;
  /** The process's CPU time per call (user + system): the server's own work, without the machine's other load. */
  cpuP50Ms: number;
  cpuP99Ms: number;
}

/**
 * One call answered by the server in-process (routing, auth, schema, query, JSON; no socket): its
 * wall time and the CPU time the process spent on it, in ms, each sorted.
 */
async function timeCall(
  server: TestServer,
  user: LoginResp,
  path: string,
  body: unknown,
): Promise<{ wall: number[]; cpu: number[] }> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = -WARM_UP; i < REPEAT; i += 1) {
    const cpuBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    const response = await server.app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: {
        'content-type': 'application/json',
        [Header.operationID]: `h${i}`,
        [Header.token]: user.imToken,
      },
      payload: JSON.stringify(body),
    });
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    const used = process.cpuUsage(cpuBefore);
    if ((response.json() as { errCode: number }).errCode !== 0) throw new Error(`${path}: ${response.body}`);
    if (i < 0) continue;
    times.push(wallMs);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: times.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

const summary = (what: string, { wall, cpu }: { wall: number[]; cpu: number[] }): Timing => ({
  what,
  p50Ms: round(percentile(wall, 50), 2),
  p99Ms: round(percentile(wall, 99), 2),
  cpuP50Ms: round(percentile(cpu, 50), 2),
  cpuP99Ms: round(percentile(cpu, 99), 2),
});

/** `count` users, each with one message to `owner`: that many one-to-one conversations in the owner's list. */
async function seedConversations(server: TestServer, owner: LoginResp, count: number): Promise<void> {
  const { db, messageWriter } = server.app.messenger;
  const now = Date.now();
  const ids = Array.from({ length: count }, (_, i) => `peer${String(i).padStart(5, '0')}`);
  for (let start = 0; start < count; start += 500) {
    await db
      .insertInto('users')
      .values(
        ids.slice(start, start + 500).map((userId, i) => ({
          userId,
          nickname: `Peer ${start + i}`,
          faceUrl: '',
          gender: 0,
          birth: 0,
          areaCode: null,
          phoneNumber: null,
          email: `${userId}@example.com`,
          userName: '',
          passwordHash: '',
          globalRecvMsgOpt: 0,
          allowAddFriend: 1,
          createTime: now,
        })),
      )
      .execute();
  }
  for (let start = 0; start < count; start += 500) {
    await Promise.all(
      ids.slice(start, start + 500).map((peer, i) => {
        const conversationID = singleConversationID(peer, owner.userID);
        return messageWriter.store(
          {
            conversationId: conversationID,
            clientMsgId: `conv-${peer}`,
            sendId: peer,
            recvId: owner.userID,
            senderNickname: `Peer ${start + i}`,
            senderFaceUrl: '',
            senderPlatformId: 5,
            sessionType: SessionType.Single,
            contentType: ContentType.Text,
            msgFrom: MsgFrom.User,
            createTime: now,
            content: JSON.stringify({ content: `Hello from ${peer}` }),
          },
          { views: [peer, owner.userID].map((id) => viewTarget(conversationID, SessionType.Single, id)) },
        );
      }),
    );
  }
}

/**
 * `npm run bench -- history`: a page of 20 from a conversation of 1,000,000 messages at the newest,
 * the middle and the oldest, and pages of a conversation list of 5,000 conversations, each answered by
 * the server in-process (embedded SQLite). Aims: history ≤ 2 ms, list page ≤ 10 ms.
 */
export async function main(): Promise<void> {
  const server = await startWebServer();
  const timings: Timing[] = [];
  let seedSeconds: number;
  try {
    const [ann, bob] = [await registerUser(server, 'Ann'), await registerUser(server, 'Bob')];
    await befriend(server, ann, bob);
    const seeded = Date.now();
    await seedHistory(server, ann, bob, MESSAGES);
    await seedConversations(server, ann, CONVERSATIONS);
    seedSeconds = round((Date.now() - seeded) / 1000);
    const conversationID = singleConversationID(ann.userID, bob.userID);
    // The 1,204 "now friends" notice is seq 1: the seeded texts follow it.
    for (const [what, lastMinSeq] of [
      ['history page of 20, newest', 0],
      ['history page of 20, middle', MESSAGES / 2],
      ['history page of 20, oldest', 22],
    ] as const) {
      timings.push(
        summary(
          what,
          await timeCall(server, bob, ImPath.getHistory, { conversationID, lastMinSeq, count: 20 }),
        ),
      );
    }
    for (const [what, offset] of [
      ['conversation list page of 20, first', 0],
      ['conversation list page of 20, middle', CONVERSATIONS / 2],
      ['conversation list page of 20, last', CONVERSATIONS - 20],
    ] as const) {
      timings.push(
        summary(what, await timeCall(server, ann, ImPath.getConversationList, { offset, count: 20 })),
      );
    }
  } finally {
    await server.close();
  }
  write(timings, seedSeconds);
}

function write(timings: Timing[], seedSeconds: number): void {
  const machine = describeMachine();
  const commit = commitOf();
  const measuredAt = new Date().toISOString();
  const markdown = [
    `# History and conversation list (${measuredAt}, commit ${commit})`,
    '',
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memGiB} GiB, Node ${machine.node}; embedded SQLite.`,
    `A conversation of ${MESSAGES} messages and a user with ${CONVERSATIONS + 1} conversations (seeded in ${seedSeconds} s);`,
    `each call ${REPEAT} times (after ${WARM_UP} untimed) through the server in-process (routing, token, schema, query, JSON; no socket).`,
    "CPU: the process's CPU time per call, which the machine's other load does not lengthen.",
    'Aims: a history page ≤ 2 ms at any depth, a list page ≤ 10 ms.',
    '',
    '| call | p50 ms | p99 ms | CPU p50 ms | CPU p99 ms |',
    '| --- | --- | --- | --- | --- |',
    ...timings.map((t) => `| ${t.what} | ${t.p50Ms} | ${t.p99Ms} | ${t.cpuP50Ms} | ${t.cpuP99Ms} |`),
    '',
  ].join('\n');
  const dir = resultsDir();
  writeFileSync(join(dir, 'history-latest.md'), markdown);
  writeFileSync(
    join(dir, `history-${measuredAt.replace(/[:.]/g, '-')}.json`),
    `${JSON.stringify({ measuredAt, commit, machine, seedSeconds, timings }, null, 2)}\n`,
  );
  console.log(markdown);
}
