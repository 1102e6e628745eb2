import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallSignal } from '@im/protocol';
import { iceServersFor, turnCredential } from '../src/call/ice-servers.ts';
import { invitation, RoomClient, rtcToken, sendSignal } from './support/calls.ts';
import { useTurn } from './support/coturn.ts';
import type { Turn } from './support/coturn.ts';
import { makeFriends } from './support/friends.ts';
import { registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/** base64(HMAC-SHA1(secret, username)) computed apart from the server's code, with WebCrypto. */
async function coturnPassword(secret: string, username: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(username));
  return Buffer.from(mac).toString('base64');
}

/** A TURN allocation with turnutils_uclient (Debian's coturn): true when it relayed its packets. */
function allocates(turn: Turn, username: string, password: string): boolean {
  const run = spawnSync(
    'turnutils_uclient',
    ['-p', String(turn.port), '-u', username, '-w', password, '-y', '-n', '3', '-X', turn.host],
    { encoding: 'utf8', timeout: 20_000 },
  );
  return run.status === 0 && /Total lost packets 0 /.test(`${run.stdout}${run.stderr}`);
}

describe('TURN REST credentials (coturn use-auth-secret)', () => {
  it('are expiry:userID and base64 HMAC-SHA1 of it under the secret, valid TURN_TTL_S', async () => {
    const now = Date.UTC(2030, 0, 1);
    const { username, credential } = turnCredential('s3cret', 'u123', 3600, now);
    expect(username).toBe(`${now / 1000 + 3600}:u123`);
    expect(credential).toBe(await coturnPassword('s3cret', username));
    expect(credential).not.toBe(await coturnPassword('other', username));
    const config = { STUN_URLS: [], TURN_URLS: ['turn:h:3478'], TURN_SECRET: 's3cret', TURN_TTL_S: 600 };
    expect(iceServersFor(config, 'u123', now)).toEqual([
      {
        urls: ['turn:h:3478'],
        username: `${now / 1000 + 600}:u123`,
        credential: await coturnPassword('s3cret', `${now / 1000 + 600}:u123`),
      },
    ]);
    expect(iceServersFor({ ...config, TURN_URLS: [] }, 'u123', now)).toEqual([]);
  });

  describe('against a real coturn on loopback', () => {
    let turn: Turn;
    beforeAll(() => {
      turn = useTurn();
    });
    afterAll(() => turn?.stop());
    const { server, connect } = useSuiteServer({
      env: {
        get TURN_URLS() {
          return turn.urls.join(',');
        },
        get TURN_SECRET() {
          return turn.secret;
        },
      } as unknown as Record<string, string>,
    });

    it('allocates a relay with the credentials a participant gets in joined, and not with bad ones', async () => {
      const alice = await registerUser(server);
      const bob = await registerUser(server);
      await makeFriends(server, alice, bob);
      const a = await connect(alice);
      const call = invitation(alice.userID, bob.userID, { mediaType: 'audio' });
      const token = (await rtcToken(server, alice, call.roomID)).data!.token;
      expect((await sendSignal(a, bob.userID, CallSignal.Invite, call)).errCode).toBe(0);
      const room = await RoomClient.open(server, token);
      const ice = room.of('joined')[0].iceServers.find((s) => String(s.urls).startsWith('turn:'))!;
      expect(ice.credential).toBe(await coturnPassword(turn.secret, ice.username!));
      expect(allocates(turn, ice.username!, ice.credential!)).toBe(true);
      expect(allocates(turn, ice.username!, `${ice.credential!}x`)).toBe(false);
      const expired = turnCredential(turn.secret, alice.userID, -60, Date.now());
      expect(allocates(turn, expired.username, expired.credential)).toBe(false);
      await room.close();
    });
  });
});
