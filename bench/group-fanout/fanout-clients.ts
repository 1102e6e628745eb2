import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { WsPush } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import type { BenchUser } from '../messaging/seed-users.ts';
import { openSockets } from '../support/open-sockets.ts';
import { spreadHeartbeat } from '../support/spread-heartbeat.ts';

/** What this process saw of one bench message: deliveries, the slowest, the last arrival (epoch ms). */
export interface Seen {
  count: number;
  maxMs: number;
  lastAt: number;
}

/**
 * One client process of the group fan-out bench: the sockets of users [start, end) from one loopback
 * source address. Every group text whose content is `<send time> <tag>` is counted by tag; the parent
 * asks for the tally ('report', answered and cleared) or the last such push ('sample') and disconnects
 * to end the process.
 * argv: usersFile start end port localAddress
 */
const [usersFile, start, end, port, localAddress] = process.argv.slice(2);
const users = (JSON.parse(readFileSync(usersFile, 'utf8')) as BenchUser[]).slice(Number(start), Number(end));
let seen = new Map<string, Seen>();
/** The last bench push as it came, for the plain server's frame of the same bytes (plain-fanout-server.ts). */
let sample: WebSocket.RawData = Buffer.alloc(0);
const now = () => performance.timeOrigin + performance.now();

function onFrame(raw: WebSocket.RawData): void {
  const frame = JSON.parse(String(raw)) as { reqIdentifier: number; data?: MessageItem };
  if (frame.reqIdentifier !== WsPush.NewMessage) return;
  const [sentAt, tag] = frame.data?.textElem?.content.split(' ') ?? [];
  if (!tag || !Number(sentAt)) return;
  sample = raw;
  const at = now();
  const entry = seen.get(tag) ?? { count: 0, maxMs: 0, lastAt: 0 };
  entry.count += 1;
  entry.maxMs = Math.max(entry.maxMs, at - Number(sentAt));
  entry.lastAt = Math.max(entry.lastAt, at);
  seen.set(tag, entry);
}

const { sockets, failed } = await openSockets(users, { port, localAddress, prefix: 'g', onFrame });
process.send?.({ opened: sockets.length, failed });

const heartbeat = spreadHeartbeat(sockets);

process.on('message', (message) => {
  if (message === 'sample') process.send?.({ sample: String(sample) });
  if (message !== 'report') return;
  process.send?.(Object.fromEntries(seen));
  seen = new Map();
});
process.on('disconnect', () => {
  clearInterval(heartbeat);
  for (const socket of sockets) socket.terminate();
  process.exit(0);
});
