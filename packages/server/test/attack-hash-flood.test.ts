import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrCode, Header } from '@im/protocol';
import { startTestServer } from '../src/testing.ts';
import type { TestServer } from '../src/testing.ts';
import { postAs, tally } from './support/attack.ts';
import type { RawAnswer } from './support/attack.ts';
import { databases, registerUser, REGISTERING_ENV } from './support/http.ts';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Resolves once the server has received `count` requests (counted on its HTTP server). */
function received(server: TestServer, count: number): Promise<void> {
  let seen = 0;
  return new Promise((resolve) => {
    const onRequest = () => {
      seen += 1;
      if (seen < count) return;
      server.app.server.off('request', onRequest);
      resolve();
    };
    server.app.server.on('request', onRequest);
  });
}

/**
 * Password hashing cannot starve the server (docs/operations.md#limits). Each scrypt holds a libuv
 * pool thread, which file reads and writes need too; unbounded, 60 wrong logins queue 60 hashes
 * ahead of every page load and upload. Through the gate at most 2 hash at once, a few more wait,
 * and the rest answer 20005 at once. The test asserts order, not timings: the page and the upload
 * are answered while the flood is still being hashed.
 */
describe.each(databases)('a flood of wrong logins on %s', (database) => {
  it('leaves GET / and an avatar upload answered while it runs, and refuses its excess with 20005', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'im-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Messenger</title>');
    // 2^16: a hash long enough (tens of milliseconds at least) for the flood to outlast a page load.
    const server = await startTestServer({
      database,
      webDist,
      env: { ...REGISTERING_ENV, SCRYPT_N: '65536' },
    });
    try {
      // Six accounts take ten wrong logins each: under the per-account limit of 10 in 5 minutes.
      const victims: { email: string }[] = [];
      for (let i = 0; i < 6; i += 1) victims.push(await registerUser(server));
      const uploader = await registerUser(server);

      // Flood answers of logins that were really hashed (20001) so far.
      let checked = 0;
      const arrived = received(server, 60);
      const flood = Array.from({ length: 60 }, (_, i) =>
        postAs(server, '/chat/account/login', {
          email: victims[i % 6].email,
          password: `wrong${i}x`,
          platform: 5,
        }).then((answer: RawAnswer) => {
          if (answer.errCode === ErrCode.PASSWORD_ERROR) checked += 1;
          return answer;
        }),
      );
      await arrived;

      const page = fetch(`${server.url}/`).then(async (response) => ({
        status: response.status,
        body: await response.text(),
        checkedBefore: checked,
      }));
      const upload = fetch(`${server.url}/api/object/upload`, {
        method: 'POST',
        headers: {
          [Header.operationID]: 'up',
          [Header.token]: uploader.imToken,
          'content-type': 'image/png',
        },
        body: PNG,
      }).then(async (response) => ({
        envelope: (await response.json()) as { errCode: number },
        checkedBefore: checked,
      }));

      const [pageDone, uploadDone] = await Promise.all([page, upload]);
      expect(pageDone.status).toBe(200);
      expect(pageDone.body).toContain('Messenger');
      expect(uploadDone.envelope.errCode).toBe(0);
      const answers = await Promise.all(flood);
      const counts = tally(answers);
      // Both answered while the flood was still being hashed: before most of its checked logins,
      // not behind the queue of them.
      expect(pageDone.checkedBefore).toBeLessThan(counts[ErrCode.PASSWORD_ERROR] / 2);
      expect(uploadDone.checkedBefore).toBeLessThan(counts[ErrCode.PASSWORD_ERROR] / 2);
      // Some were checked (20001), the excess was refused at once (20005), nothing else.
      expect(counts[ErrCode.PASSWORD_ERROR]).toBeGreaterThan(0);
      expect(counts[ErrCode.TOO_FREQUENT]).toBeGreaterThan(0);
      expect(counts[ErrCode.PASSWORD_ERROR] + counts[ErrCode.TOO_FREQUENT]).toBe(60);
      expect(answers.find((a) => a.errCode === ErrCode.TOO_FREQUENT)!.status).toBe(429);
    } finally {
      await server.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
