import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../src/ops/gc-tuning.ts';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/**
 * Starts `node src/server.ts` as `npm start` does and waits for the address it prints; `output()` is
 * everything it wrote so far (stdout and stderr, where its log goes).
 */
function startProcess(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SUPER_CODE: '666666',
      ALLOW_SUPER_CODE: '1',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const address = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /open (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  // A start that fails is awaited through `exited`; its address is then never read.
  address.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, address, exited, output: () => out };
}

async function register(base: string) {
  const response = await fetch(`${base}/chat/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      verifyCode: '666666',
      platform: 5,
      user: { email: 'p@example.com', password: 'abc123', nickname: 'P' },
    }),
  });
  return (await response.json()) as { data: { userID: string; chatToken: string } };
}

describe('the server process (npm start)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'im-proc-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on the embedded database, prints its address, keeps its secret and stops on SIGTERM', async () => {
    const first = startProcess(dataDir);
    const base = (await first.address).replace('localhost', '127.0.0.1');
    expect(first.output()).toContain('SUPER_CODE is set');
    const { data } = await register(base);
    expect(existsSync(join(dataDir, 'messenger.sqlite'))).toBe(true);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // A restart keeps the data and the generated secret: the session still works.
    const second = startProcess(dataDir);
    const base2 = (await second.address).replace('localhost', '127.0.0.1');
    // The super code is announced at every start, not only the first.
    expect(second.output()).toContain('SUPER_CODE is set');
    const found = await fetch(`${base2}/chat/user/find/full`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: data.chatToken },
      body: JSON.stringify({ userIDs: [data.userID] }),
    });
    expect(await found.json()).toMatchObject({ errCode: 0, data: { users: [{ userID: data.userID }] } });
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  // The listen queue's length, as the kernel reports it for a listening socket (ss's Send-Q; .ci/run
  // installs iproute2 where it is missing).
  it('listens with a queue of LISTEN_BACKLOG connections, 4096 by default, not Node’s 511', async () => {
    const queueOf = async (env: Record<string, string>) => {
      const started = startProcess(dataDir, env);
      const { port } = new URL(await started.address);
      const listed = spawnSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).stdout;
      started.child.kill('SIGTERM');
      await started.exited;
      return Number(listed.trim().split(/\s+/)[2]);
    };
    const cap = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    expect(await queueOf({})).toBe(Math.min(4096, cap));
    expect(await queueOf({ LISTEN_BACKLOG: '100' })).toBe(100);
  });

  // V8's background threads are tasks named V8Worker in /proc; Node's default is four whatever the cores.
  it('runs V8’s background threads one fewer than the cores, at least one (npm start’s --v8-pool-size=0)', async () => {
    const started = startProcess(dataDir);
    await started.address;
    const taskDir = `/proc/${started.child.pid}/task`;
    const helpers = readdirSync(taskDir).filter(
      (task) => readFileSync(join(taskDir, task, 'comm'), 'utf8').trim() === 'V8Worker',
    );
    started.child.kill('SIGTERM');
    await started.exited;
    expect(helpers).toHaveLength(Math.max(1, availableParallelism() - 1));
  });

  it('refuses to start with SUPER_CODE unless ALLOW_SUPER_CODE=1 is set too', async () => {
    const refusedDir = mkdtempSync(join(tmpdir(), 'im-proc-'));
    const refused = startProcess(refusedDir, { ALLOW_SUPER_CODE: '' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/SUPER_CODE.*ALLOW_SUPER_CODE=1/);
    rmSync(refusedDir, { recursive: true, force: true });
  });

  it('writes codes to DATA_DIR/dev-outbox.log (0600), says so at start, and never logs them', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'im-outbox-'));
    // The most talkative log level: a code must appear in none of it.
    const server = startProcess(outboxDir, { SUPER_CODE: '', ALLOW_SUPER_CODE: '', LOG_LEVEL: 'trace' });
    try {
      const base = (await server.address).replace('localhost', '127.0.0.1');
      const outbox = join(outboxDir, 'dev-outbox.log');
      expect(server.output()).toContain(`they are written to ${outbox}`);
      for (const account of [{ email: 'o@example.com' }, { areaCode: '+86', phoneNumber: '13800000000' }]) {
        const sent = await fetch(`${base}/chat/account/code/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...account, usedFor: 1 }),
        });
        expect(await sent.json()).toMatchObject({ errCode: 0 });
      }
      expect(statSync(outbox).mode & 0o777).toBe(0o600);
      const lines = readFileSync(outbox, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines).toEqual([
        { to: 'o@example.com', usedFor: 1, code: expect.stringMatching(/^\d{6}$/), time: expect.any(String) },
        {
          to: '+86 13800000000',
          usedFor: 1,
          code: expect.stringMatching(/^\d{6}$/),
          time: expect.any(String),
        },
      ]);
      // Not as a number of its own anywhere (six digits can occur inside a timestamp).
      for (const { code } of lines) expect(server.output()).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
