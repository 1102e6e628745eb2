import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { seedUsers } from '../messaging/seed-users.ts';
import type { BenchUser } from '../messaging/seed-users.ts';
import { startServerProcess } from '../messaging/server-process.ts';

const script = fileURLToPath(new URL('../../scripts/cluster.sh', import.meta.url));

/** One measured set-up: where the nodes listen and which processes' CPU to read. */
export interface Topology {
  name: string;
  nodePorts: number[];
  nodePids: number[];
  /** PostgreSQL's processes (the postmaster and its backends), read at each sample. */
  postgresPids: () => number[];
  redisPid: number | null;
  /** The cluster's Redis, for the bench's own measure of the hop. */
  redisUrl: string | null;
  /** The bench's users, seeded into the topology's database with tokens it accepts. */
  users: BenchUser[];
  /** Each node's log (its stderr too), in node order; empty for the SQLite node. */
  nodeLogs: string[];
  stop: () => Promise<void>;
}

/** One node on its embedded SQLite (what `npm start` runs), its users seeded before it starts. */
export async function sqliteNode(clients: number): Promise<Topology> {
  const dataDir = mkdtempSync(join(tmpdir(), 'im-bench-cluster-'));
  const secret = randomBytes(32).toString('hex');
  const users = await seedUsers(dataDir, secret, clients);
  const server = await startServerProcess({ DATA_DIR: dataDir, JWT_SECRET: secret });
  return {
    name: '1 node, SQLite',
    nodePorts: [server.port],
    nodePids: [server.pid],
    postgresPids: () => [],
    redisPid: null,
    redisUrl: null,
    users,
    nodeLogs: [],
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * N nodes on PostgreSQL (and Redis unless `redis` is false) started by scripts/cluster.sh; the users
 * are seeded once the first node has migrated the database. `nodeOptions` goes to every node's node as
 * NODE_OPTIONS (the memory bench's `--inspect=127.0.0.1:0`).
 */
export async function clusterNodes(
  nodes: number,
  redis: boolean,
  clients: number,
  nodeOptions = '',
): Promise<Topology> {
  const dir = mkdtempSync(join(tmpdir(), 'im-bench-cluster-'));
  // Below the kernel's ephemeral ports (32768 on), which the bench's own clients use.
  const base = 20_000 + Math.floor(Math.random() * 120) * 100;
  const env = {
    ...process.env,
    CLUSTER_DIR: dir,
    CLUSTER_PORT: String(base),
    CLUSTER_REDIS: redis ? '1' : '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  };
  const run = (...args: string[]) =>
    new Promise<void>((resolve, reject) =>
      execFile('bash', [script, ...args], { env, timeout: 180_000 }, (error, _out, stderr) =>
        error ? reject(new Error(`cluster.sh ${args.join(' ')}: ${stderr}`)) : resolve(),
      ),
    );
  try {
    await run('start', String(nodes));
  } catch (error) {
    await run('stop').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const pidOf = (file: string) => Number(readFileSync(join(dir, file), 'utf8').split('\n')[0]);
  const secret = readFileSync(join(dir, 'jwt-secret'), 'utf8').trim();
  const databaseUrl = `postgres://postgres@127.0.0.1:${base + 50}/postgres`;
  const stop = async () => {
    await run('stop');
    rmSync(dir, { recursive: true, force: true });
  };
  const users = await seedUsers(join(dir, 'data'), secret, clients, databaseUrl).catch(
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
  const nodePorts = Array.from({ length: nodes }, (_, i) => base + i + 1);
  return {
    name: `${nodes} node${nodes > 1 ? 's' : ''}, PostgreSQL${redis ? ' + Redis' : ''}`,
    nodePorts,
    nodePids: nodePorts.map((_, i) => pidOf(`node${i + 1}.pid`)),
    postgresPids: () => {
      const postmaster = pidOf('pg/postmaster.pid');
      return [postmaster, ...childrenOf(postmaster)];
    },
    redisPid: redis ? pidOf('redis.pid') : null,
    redisUrl: redis ? `redis://127.0.0.1:${base + 51}` : null,
    users,
    nodeLogs: nodePorts.map((_, i) => join(dir, `node${i + 1}.log`)),
    stop,
  };
}

/** The processes whose parent is `pid` (PostgreSQL's backends), from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** CPU seconds (user + system) a process has used, from /proc; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
