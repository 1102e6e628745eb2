import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedUsers } from '../messaging/seed-users.ts';
import { startServerProcess } from '../messaging/server-process.ts';
import { summarizeCpuProfile } from '../support/cpu-profile.ts';
import type { ProfileRow } from '../support/cpu-profile.ts';
import { writeResults } from './fanout-report.ts';
import { openClients, openSender } from './fanout-sockets.ts';
import { plainFloor, runStep } from './fanout-steps.ts';
import type { Row } from './fanout-steps.ts';
import { befriendAll, createGroup } from './group-setup.ts';

/**
 * Group fan-out (issue 15, part 3): a group of `--members` (1,000) with every member but the sender
 * online on separate client processes, and a group of `--large` (10,000) whose members beyond the
 * first group's stay offline. Per group: `--messages` paced sends (send-to-last-delivery) and as many
 * at once (deliveries a second); every message must reach every online member. `--cpu-prof`
 * profiles the server for the whole run and writes where its CPU went beside the figures.
 */
export async function main(args: string[]): Promise<void> {
  const value = (flag: string, fallback: string) => {
    const at = args.indexOf(flag);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  const members = Number(value('--members', '1000'));
  const large = Number(value('--large', '10000'));
  const messages = Number(value('--messages', '50'));
  const perProcess = Number(value('--per-process', '500'));
  const profileDir = args.includes('--cpu-prof') ? mkdtempSync(join(tmpdir(), 'im-bench-prof-')) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'im-bench-fanout-'));
  const secret = randomBytes(32).toString('hex');
  try {
    console.log(`seeding ${Math.max(members, large)} users…`);
    const users = await seedUsers(dataDir, secret, Math.max(members, large));
    const usersFile = join(dataDir, 'users.json');
    writeFileSync(usersFile, JSON.stringify(users));
    await befriendAll(dataDir, secret, users[0], users);
    const server = await startServerProcess(
      { DATA_DIR: dataDir, JWT_SECRET: secret },
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    const rows: Row[] = [];
    let sample = '';
    let profile: { busyMs: number; rows: ProfileRow[] } | undefined;
    try {
      const small = {
        id: await createGroup(server.port, users[0], users.slice(0, members), 'small'),
        name: 'small',
        members,
      };
      const big = {
        id: await createGroup(server.port, users[0], users.slice(0, large), 'large'),
        name: 'large',
        members: large,
      };
      const sender = await openSender(server.port, users[0]);
      const clients = await openClients(usersFile, 1, members, perProcess, server.port);
      console.log(`${clients.opened} member sockets online`);
      try {
        for (const group of [small, big]) {
          await runStep(server, sender, clients, group, 'paced', 5, 50); // warm-up, not reported
          for (const step of ['paced', 'burst'] as const) {
            const row = await runStep(server, sender, clients, group, step, messages, 100);
            rows.push(row);
            console.log(JSON.stringify(row));
          }
        }
        sample = await clients.sample();
      } finally {
        sender.close();
        await clients.stop();
      }
      await server.stop();
      if (profileDir) profile = summarizeCpuProfile(profileDir);
    } finally {
      await server.stop();
    }
    rows.push(...(await plainFloor(usersFile, members, perProcess, messages, sample)));
    writeResults({ members, large, messages, rows, profile, frameBytes: Buffer.byteLength(sample) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  }
}
