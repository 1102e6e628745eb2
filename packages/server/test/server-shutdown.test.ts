import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Header, WsClose } from '@im/protocol';
import type { LoginResp } from '@im/protocol';
import { SERVER_NODE_FLAGS } from '../src/ops/gc-tuning.ts';
import type { TestServer } from '../src/testing.ts';
import { GatewayClient } from './support/gateway.ts';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** `node src/server.ts` with JSON logs on stdout; resolves its address once it printed it. */
function startProcess(dataDir: string) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ID: 'proc-7',
      SUPER_CODE: '666666',
      ALLOW_SUPER_CODE: '1',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const address = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /open (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  address.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, address, exited, output: () => out };
}

/** Log lines of the process as JSON (the address banner and other plain lines are skipped). */
function logLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('SIGTERM (docs/operations.md#graceful-shutdown)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'im-stop-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('tells sockets to reconnect (1012), exits 0, and logs with the node id and operationID', async () => {
    const proc = startProcess(dataDir);
    const base = await proc.address;
    const registered = await fetch(`${base}/chat/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [Header.operationID]: 'op-register-42' },
      body: JSON.stringify({
        verifyCode: '666666',
        platform: 5,
        user: { email: 's@example.com', password: 'abc123', nickname: 'S' },
      }),
    });
    const { data } = (await registered.json()) as { data: LoginResp };
    const socket = await GatewayClient.open({ host: new URL(base).host } as TestServer, data);
    proc.child.kill('SIGTERM');
    expect((await socket.closed).code).toBe(WsClose.ServiceRestart);
    expect(await proc.exited).toBe(0);

    const lines = logLines(proc.output());
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.nodeId).toBe('proc-7');
    expect(lines.some((line) => line.operationID === 'op-register-42')).toBe(true);
    expect(lines.some((line) => line.msg === 'shutting down' && line.signal === 'SIGTERM')).toBe(true);
  });
});
