import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/index.ts';
import { synced } from './support/harness.ts';
import { registerReal, useRealServer } from './support/real-server.ts';

/** A browser subscription's keys as `PushSubscription.toJSON()` has them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** `im.push` (docs/sdk.md#web-push) against the real server. */
describe('web push subscription through the sdk', () => {
  const { server, login } = useRealServer();
  const rows = () => server.app.messenger.db.selectFrom('pushSubscriptions').selectAll().execute();

  it('gets the VAPID key, subscribes this session, updates it, unsubscribes', async () => {
    const session = await registerReal(server, 'Pia');
    const pia = await login(session);
    await synced(pia);
    const key = await pia.client.push.getVapidPublicKey();
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);

    const endpoint = 'https://push.example.test/send/abc';
    await pia.client.push.subscribe({ endpoint, keys: browserKeys() }, { lang: 'zh-CN', preview: true });
    expect((await rows()).filter((r) => r.userId === session.userID)).toMatchObject([
      { endpoint, lang: 'zh-CN', preview: 1 },
    ]);
    await pia.client.push.subscribe({ endpoint, keys: browserKeys() }, { lang: 'zh-CN', preview: false });
    expect((await rows()).filter((r) => r.userId === session.userID)).toMatchObject([
      { endpoint, preview: 0 },
    ]);

    await pia.client.push.unsubscribe(endpoint);
    expect((await rows()).filter((r) => r.userId === session.userID)).toEqual([]);
  });

  it('refuses a subscription that is not a push service URL, and stores nothing', async () => {
    const session = await registerReal(server, 'Quin');
    const quin = await login(session);
    const bad = quin.client.push.subscribe(
      { endpoint: 'javascript:alert(1)', keys: browserKeys() },
      { lang: 'en', preview: true },
    );
    await expect(bad).rejects.toBeInstanceOf(ApiError);
    await expect(bad).rejects.toMatchObject({ errCode: 1001 });
    expect((await rows()).filter((r) => r.userId === session.userID)).toEqual([]);
  });
});
