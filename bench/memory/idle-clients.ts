import { readFileSync } from 'node:fs';
import type { BenchUser } from '../messaging/seed-users.ts';
import { openSockets } from '../support/open-sockets.ts';
import { spreadHeartbeat } from '../support/spread-heartbeat.ts';
import { byPort } from './node-plan.ts';

/**
 * One client process of the memory bench: opens the sockets of users [start, end) from one loopback
 * source address (each address has its own ~28,000 ephemeral ports, bench/README.md), user i to the
 * (i mod n)th of the n server ports, tells the parent how many opened, then keeps them idle — a
 * heartbeat frame each 25 s, as the sdk sends — until the parent disconnects, when it closes them
 * all and exits.
 * argv: usersFile start end ports(comma-separated) localAddress
 */
const [usersFile, start, end, ports, localAddress] = process.argv.slice(2);
const users = (JSON.parse(readFileSync(usersFile, 'utf8')) as BenchUser[]).slice(Number(start), Number(end));
const opened = await Promise.all(
  byPort(users, Number(start), ports.split(',')).map(([port, group]) =>
    openSockets(group, { port, localAddress, prefix: 'm' }),
  ),
);
const sockets = opened.flatMap((o) => o.sockets);
process.send?.({ opened: sockets.length, failed: opened.reduce((n, o) => n + o.failed, 0) });

const heartbeat = spreadHeartbeat(sockets);

process.on('disconnect', () => {
  clearInterval(heartbeat);
  for (const socket of sockets) socket.terminate();
  process.exit(0);
});
