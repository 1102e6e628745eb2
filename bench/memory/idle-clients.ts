import { readFileSync } from 'node:fs';
import type { BenchUser } from '../messaging/seed-users.ts';
import { openSockets } from '../support/open-sockets.ts';
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
const { sockets, failed } = await openSockets(users, { port, localAddress, prefix: 'm' });
process.send?.({ opened: sockets.length, failed });

const heartbeat = spreadHeartbeat(sockets);

process.on('disconnect', () => {
  clearInterval(heartbeat);
  for (const socket of sockets) socket.terminate();
  process.exit(0);
});
