import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** Starts `node src/server.ts` as `npm start` does and waits for the address it prints. */
function startProcess(dataDir: string) {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SUPER_CODE: '666666',
      ALLOW_SUPER_CODE: '1',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const address = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /open (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, address, exited };
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
    const { data } = await register(base);
    expect(existsSync(join(dataDir, 'messenger.sqlite'))).toBe(true);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // A restart keeps the data and the generated secret: the session still works.
    const second = startProcess(dataDir);
    const base2 = (await second.address).replace('localhost', '127.0.0.1');
    const found = await fetch(`${base2}/chat/user/find/full`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: data.chatToken },
      body: JSON.stringify({ userIDs: [data.userID] }),
    });
    expect(await found.json()).toMatchObject({ errCode: 0, data: { users: [{ userID: data.userID }] } });
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });
});
