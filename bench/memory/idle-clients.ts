import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import type { BenchUser } from '../messaging/seed-users.ts';
import { spreadHeartbeat } from '../support/spread-heartbeat.ts';

/**
 * One client process of the memory bench: opens the sockets of users [start, end) from one loopback
 * source address (each address has its own ~28,000 ephemeral ports, bench/README.md), tells the parent
 * how many opened, then keeps them idle — a heartbeat frame each 25 s, as the sdk sends — until the
 * parent disconnects, when it closes them all and exits.
 * argv: usersFile start end port localAddress
 */
const [usersFile, start, end, port, localAddress] = process.argv.slice(2);
const users = (JSON.parse(readFileSync(usersFile, 'utf8')) as BenchUser[]).slice(Number(start), Number(end));
const sockets: WebSocket[] = [];
let failed = 0;

function open(user: BenchUser): Promise<void> {
  const query = new URLSearchParams({
    token: user.imToken,
    sendID: user.userID,
    platformID: '5',
    operationID: `m-${user.userID}`,
  });
  const socket = new WebSocket(`ws://127.0.0.1:${port}/msg_gateway?${query}`, {
    perMessageDeflate: false,
    localAddress,
  });
  return new Promise((resolve) => {
    socket.once('open', () => {
      sockets.push(socket);
      resolve();
    });
    socket.once('error', () => {
      failed += 1;
      resolve();
    });
  });
}

let next = 0;
const worker = async () => {
  while (next < users.length) await open(users[next++]);
};
await Promise.all(Array.from({ length: 50 }, worker));
process.send?.({ opened: sockets.length, failed });

const heartbeat = spreadHeartbeat(sockets);

process.on('disconnect', () => {
  clearInterval(heartbeat);
  for (const socket of sockets) socket.terminate();
  process.exit(0);
});
