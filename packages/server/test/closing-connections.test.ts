import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../src/testing.ts';
import type { TestServer } from '../src/testing.ts';

/**
 * A closing server lets its keep-alive HTTP connections go (docs/operations.md#graceful-shutdown).
 * Node's close waits for every connection that was not idle when it began; kept alive after its
 * answer, such a connection held the close for the keep-alive timeout (72 s), past these tests' own.
 */
describe('a closing server and its keep-alive connections', () => {
  const agents: Agent[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const agent of agents.splice(0)) agent.destroy();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const keepAlive = () => {
    const agent = new Agent({ keepAlive: true });
    agents.push(agent);
    return agent;
  };
  const at = (server: TestServer) => {
    const [host, port] = server.host.split(':');
    return { host, port: Number(port) };
  };

  it('a request whose body was still coming when the close began is answered, with Connection: close', async () => {
    const server = await startTestServer();
    let response: IncomingMessage | undefined;
    const answered = new Promise<string>((resolve, reject) => {
      const req = request(
        {
          ...at(server),
          agent: keepAlive(),
          method: 'POST',
          path: '/chat/account/login',
          headers: { 'content-type': 'application/json', operationID: 'closing-1' },
        },
        (res) => {
          response = res;
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
      req.write('{"email":');
      // The rest of the body once the close has begun.
      setTimeout(() => req.end('"nobody@example.com","password":"wrong-password"}'), 300);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = server.close();
    const body = JSON.parse(await answered) as { errCode: number };
    expect(body.errCode).toBeGreaterThan(0);
    expect(response?.headers.connection).toBe('close');
    await closed;
  });

  it('an answer whose headers went out before the close began: its connection ends once it is sent', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'im-dist-'));
    dirs.push(dist);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Messenger</title>');
    // Larger than the socket buffers, so the answer is still being sent while the reader pauses.
    writeFileSync(join(dist, 'assets', 'big-abc123.js'), 'x'.repeat(16 * 1024 * 1024));
    const server = await startTestServer({ webDist: dist });
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request({ ...at(server), agent: keepAlive(), path: '/assets/big-abc123.js' }, resolve);
      req.on('error', reject);
      req.end();
    });
    expect(response.headers.connection).toBe('keep-alive');
    response.pause();
    const closed = server.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    let bytes = 0;
    response.on('data', (chunk: Buffer) => (bytes += chunk.length));
    const socketClosed = new Promise((resolve) => response.socket.once('close', resolve));
    response.resume();
    await new Promise((resolve) => response.on('end', resolve));
    expect(bytes).toBe(16 * 1024 * 1024);
    await socketClosed;
    await closed;
  });
});
