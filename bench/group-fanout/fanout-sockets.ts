import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { ContentType, SessionType, WsReq } from '@im/protocol';
import type { BenchUser } from '../messaging/seed-users.ts';
import type { Seen } from './fanout-clients.ts';
import { gatewayUrl } from '../support/gateway-url.ts';
import { ask, readyMessage, stopChildren } from '../support/child-processes.ts';

const clientScript = fileURLToPath(new URL('./fanout-clients.ts', import.meta.url));
const now = () => performance.timeOrigin + performance.now();

/** The owner's socket: group texts `<send time> <tag>`, each answered with the server's errCode. */
export async function openSender(port: number, owner: BenchUser) {
  const ws = new WebSocket(gatewayUrl(port, owner, 'fanout'), { perMessageDeflate: false });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const waiting = new Map<string, (errCode: number) => void>();
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { msgIncr?: string; errCode?: number };
    if (frame.msgIncr && typeof frame.errCode === 'number') waiting.get(frame.msgIncr)?.(frame.errCode);
  });
  let n = 0;
  const send = (groupID: string, tag: string) => {
    n += 1;
    const msgIncr = `s${n}`;
    const sentAt = now();
    const frame = {
      reqIdentifier: WsReq.SendMsg,
      msgIncr,
      operationID: msgIncr,
      data: {
        clientMsgID: `fanout-${n}-${sentAt}`,
        groupID,
        sessionType: SessionType.Group,
        contentType: ContentType.Text,
        content: { content: `${sentAt} ${tag}` },
      },
    };
    return new Promise<{ sentAt: number; ackMs: number }>((resolve, reject) => {
      waiting.set(msgIncr, (errCode) => {
        waiting.delete(msgIncr);
        if (errCode !== 0) reject(new Error(`send ${tag}: errCode ${errCode}`));
        else resolve({ sentAt, ackMs: now() - sentAt });
      });
      ws.send(JSON.stringify(frame));
    });
  };
  return { send, close: () => ws.terminate() };
}

/** Client processes for `users`, `perProcess` each, from 127.0.0.30, .31, … */
export async function openClients(
  usersFile: string,
  from: number,
  to: number,
  perProcess: number,
  port: number,
) {
  const children: ChildProcess[] = [];
  const opened: Promise<{ opened: number; failed: number }>[] = [];
  for (let start = from, i = 0; start < to; start += perProcess, i += 1) {
    const end = Math.min(to, start + perProcess);
    const child = fork(clientScript, [
      usersFile,
      String(start),
      String(end),
      String(port),
      `127.0.0.${30 + i}`,
    ]);
    children.push(child);
    opened.push(readyMessage(child));
  }
  const counts = await Promise.all(opened);
  /** Every process's tally since the last report, merged by tag. */
  const report = async () => {
    const parts = await Promise.all(children.map((child) => ask<Record<string, Seen>>(child, 'report')));
    const merged = new Map<string, Seen>();
    for (const part of parts)
      for (const [tag, seen] of Object.entries(part)) {
        const entry = merged.get(tag) ?? { count: 0, maxMs: 0, lastAt: 0 };
        merged.set(tag, {
          count: entry.count + seen.count,
          maxMs: Math.max(entry.maxMs, seen.maxMs),
          lastAt: Math.max(entry.lastAt, seen.lastAt),
        });
      }
    return merged;
  };
  /** The last bench push one process received, as its bytes came. */
  const sample = async () => (await ask<{ sample: string }>(children[0], 'sample')).sample;
  const stop = () => stopChildren(children);
  return { report, sample, stop, opened: counts.reduce((n, c) => n + c.opened, 0) };
}

export type Sender = Awaited<ReturnType<typeof openSender>>;
export type Clients = Awaited<ReturnType<typeof openClients>>;
