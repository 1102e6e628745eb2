import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { WsReq } from '@im/protocol';
import type { MaxSeqsResp, MessageItem } from '@im/protocol';
import { planPulls } from '../../packages/sdk/src/sync/seq-planner.ts';
import type { BenchUser } from '../messaging/seed-users.ts';
import { spreadHeartbeat } from '../support/spread-heartbeat.ts';
import type { CatchUp, StormOrder } from './storm-types.ts';
import { gatewayUrl } from '../support/gateway-url.ts';

/**
 * One client process of the reconnect storm: the users [start, end) of `total`, from one loopback
 * source address. On the parent's order each user reconnects at its own moment of the storm window
 * (user k of `total` at startAt + k / total × spreadMs) and catches up as the sdk does after a
 * reconnect (packages/sdk/src/sync/sync-engine.ts): GetMaxSeqs, then PullMsgs pages of at most
 * `pageSize` seqs one after another (planPulls of the sdk), then the conversation list's first page
 * on the same socket (GetConversationList, the sdk's afterPull). The parent gets every user's CatchUp and disconnects to end it.
 * argv: usersFile start end total port localAddress pageSize
 */
const [usersFile, start, end, total, port, localAddress, pageSize] = process.argv.slice(2);
const users = (JSON.parse(readFileSync(usersFile, 'utf8')) as BenchUser[]).slice(Number(start), Number(end));
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Until the epoch ms `at`. Node counts a timer from the event loop's time cached at its turn's start,
 * which a busy turn (hundreds of users scheduled at once) leaves behind, so a timer may fire a few ms
 * early: a user timed from `at` then had a negative duration, read as never caught up.
 */
async function sleepUntil(at: number): Promise<void> {
  while (now() < at) await sleep(Math.max(1, at - now()));
}
const sockets: WebSocket[] = [];
// The sdk's DEFAULT_REQUEST_TIMEOUT_MS (packages/sdk/src/connection/connection.ts).
const REQUEST_TIMEOUT_MS = 10_000;

/** The gateway socket of one user, with the sdk's request-answer pairing by msgIncr. */
function openGateway(user: BenchUser): Promise<{ ask: (id: number, data: unknown) => Promise<unknown> }> {
  const socket = new WebSocket(gatewayUrl(port, user, `storm-${user.userID}`), {
    perMessageDeflate: false,
    localAddress,
  });
  const waiting = new Map<string, { resolve: (data: unknown) => void; reject: (error: Error) => void }>();
  let n = 0;
  socket.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { msgIncr?: string; errCode?: number; data?: unknown };
    const pending = frame.msgIncr === undefined ? undefined : waiting.get(frame.msgIncr);
    if (!pending) return;
    waiting.delete(frame.msgIncr!);
    if (frame.errCode === 0) pending.resolve(frame.data);
    else pending.reject(new Error(`errCode ${frame.errCode}`));
  });
  socket.on('close', () => {
    for (const pending of waiting.values()) pending.reject(new Error('socket closed'));
    waiting.clear();
  });
  const ask = (reqIdentifier: number, data: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      n += 1;
      const msgIncr = `${user.userID}-${n}`;
      // The sdk gives up on an unanswered request after its timeout; so does the bench.
      const timer = setTimeout(() => {
        waiting.delete(msgIncr);
        reject(new Error('timeout'));
      }, REQUEST_TIMEOUT_MS);
      waiting.set(msgIncr, {
        resolve: (data) => (clearTimeout(timer), resolve(data)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      socket.send(JSON.stringify({ reqIdentifier, msgIncr, operationID: msgIncr, data }));
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => (sockets.push(socket), resolve({ ask })));
    socket.once('error', reject);
  });
}

/** One user's reconnect and catch-up; a failed attempt is retried after the sdk's first backoff step. */
async function catchUp(user: BenchUser, at: number, startAt: number): Promise<CatchUp> {
  const result: CatchUp = {
    userID: user.userID,
    reconnectAtMs: at - startAt,
    openMs: -1,
    caughtUpMs: -1,
    syncedMs: -1,
    messages: 0,
    pulls: 0,
    largestAnswer: 0,
    retries: 0,
    failures: {},
    gaps: 0,
  };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const { ask } = await openGateway(user);
      result.openMs = now() - at;
      const { maxSeqs } = (await ask(WsReq.GetMaxSeqs, {})) as MaxSeqsResp;
      // This device held nothing of these conversations: everything up to the max seq is missing.
      const gaps = Object.entries(maxSeqs).map(([conversationID, max]) => ({
        conversationID,
        begin: 1,
        end: max,
      }));
      let got = 0;
      for (const page of planPulls(gaps, Number(pageSize))) {
        const { msgs } = (await ask(WsReq.PullMsgs, { ranges: page })) as {
          msgs: Record<string, MessageItem[]>;
        };
        const answered = Object.values(msgs).flat();
        result.pulls += 1;
        result.largestAnswer = Math.max(result.largestAnswer, answered.length);
        got += answered.length;
      }
      const wanted = gaps.reduce((sum, g) => sum + g.end - g.begin + 1, 0);
      result.messages = got;
      result.gaps = wanted - got;
      result.caughtUpMs = now() - at;
      // The first page of the list (the sdk's REFRESH_PAGE of 100), on the same socket as the sdk reads it.
      await ask(WsReq.GetConversationList, { offset: 0, count: 100 });
      result.syncedMs = now() - at;
      return result;
    } catch (error) {
      result.retries += 1;
      const reason = error instanceof Error ? error.message : String(error);
      result.failures[reason] = (result.failures[reason] ?? 0) + 1;
      await sleep(250 + Math.random() * 250);
    }
  }
  return result;
}

process.on('message', (order: StormOrder) => {
  void (async () => {
    const results = await Promise.all(
      users.map(async (user, i) => {
        const at = order.startAt + ((Number(start) + i) / Number(total)) * order.spreadMs;
        await sleepUntil(at);
        return catchUp(user, at, order.startAt);
      }),
    );
    process.send?.(results);
  })();
});
// The sdk's heartbeat, for the sockets open so far: the run outlasts no idle close, but stays honest.
const heartbeat = spreadHeartbeat(sockets);
process.send?.('ready');
process.on('disconnect', () => {
  clearInterval(heartbeat);
  for (const socket of sockets) socket.terminate();
  process.exit(0);
});
