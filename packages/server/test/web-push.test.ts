import { statSync } from 'node:fs';
import { Agent } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallSignal,
  ErrCode,
  ImPath,
  LOGOUT_PATH,
  parseCallSignal,
  PushPath,
  RecvMsgOpt,
  singleConversationID,
  WsPush,
} from '@im/protocol';
import type { MessageItem, PushPayload, VapidPublicKeyResp } from '@im/protocol';
import { invitation, sendSignal } from './support/calls.ts';
import { api, makeFriends } from './support/friends.ts';
import { post, registerUser } from './support/http.ts';
import { DeviceKeys, LocalPushService } from './support/push-endpoint.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

let pushService: LocalPushService;
// The certificate is only known once the service has made it: the agent reads it lazily.
const agent = new Agent({ keepAlive: false });

beforeAll(async () => {
  pushService = await LocalPushService.start();
  agent.options.ca = pushService.certificate;
});
afterAll(async () => {
  agent.destroy();
  await pushService.close();
});

async function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}

/**
 * Issue 14 "Web Push with our own VAPID keys": a message to a user whose device has no socket reaches
 * a push service (our own, on loopback, RFC 8030) encrypted for that device (RFC 8291); the test
 * decrypts it with the device's keys, as a browser would.
 */
describe('web push', () => {
  const { server, connect } = useSuiteServer({ webPush: { agent, firstRetryMs: 20 } });
  const devices = new Map<string, DeviceKeys>();

  async function subscribe(user: User, device: string, preview = true) {
    const keys = new DeviceKeys();
    devices.set(device, keys);
    const answer = await api(server, user, PushPath.subscribe, {
      subscription: { endpoint: pushService.endpoint(device), keys: keys.json() },
      lang: 'en',
      preview,
    });
    expect(answer.errCode).toBe(0);
  }

  function payloads(device: string): PushPayload[] {
    const keys = devices.get(device)!;
    return pushService.to(device).map((r) => JSON.parse(keys.decrypt(r.body)) as PushPayload);
  }

  const subscriptionRows = () =>
    server.app.messenger.db.selectFrom('pushSubscriptions').selectAll().execute();

  /** Carol's offline device: a push to it marks that everything sent before has been dispatched. */
  async function sentinel(sender: Awaited<ReturnType<typeof connect>>, carol: User, device: string) {
    const before = pushService.to(device).length;
    await sender.sendText(carol.userID, 'sentinel');
    await until(() => (pushService.to(device).length > before ? true : undefined), 'the sentinel push');
  }

  let alice: User;
  let bob: User;
  let carol: User;
  let aliceSocket: Awaited<ReturnType<typeof connect>>;

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([
      registerUser(server, { nickname: 'Alice' }),
      registerUser(server, { nickname: 'Bob' }),
      registerUser(server, { nickname: 'Carol' }),
    ]);
    await makeFriends(server, alice, bob);
    await makeFriends(server, alice, carol);
    aliceSocket = await connect(alice);
    await subscribe(carol, 'carol');
  });

  it('hands out its own VAPID public key, made on first start and kept in DATA_DIR', async () => {
    const answer = await api<VapidPublicKeyResp>(server, alice, PushPath.vapidPublicKey);
    expect(answer.errCode).toBe(0);
    expect(Buffer.from(answer.data!.publicKey, 'base64url')).toHaveLength(65);
    const file = join(server.config.DATA_DIR, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('sends a message to a device with no socket, encrypted for it, with sender, summary and a tag per chat', async () => {
    await subscribe(bob, 'bob-1');
    await aliceSocket.sendText(bob.userID, 'Are you on the train?');
    const [payload] = await until(
      () => (payloads('bob-1').length ? payloads('bob-1') : undefined),
      'a push to Bob',
    );
    const conversationID = singleConversationID(alice.userID, bob.userID);
    expect(payload).toEqual({
      v: 1,
      kind: 'message',
      lang: 'en',
      tag: `c:${conversationID}`,
      url: `/chat?conversationID=${conversationID}`,
      senderName: 'Alice',
      contentType: 101,
      text: 'Are you on the train?',
    });
    const [received] = pushService.to('bob-1');
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    const publicKey = (await api<VapidPublicKeyResp>(server, alice, PushPath.vapidPublicKey)).data!.publicKey;
    expect(received.headers.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${publicKey}$`));
    expect(Number(received.headers.ttl)).toBeGreaterThan(0);
  });

  it('sends nothing while the session has a socket, nor in a chat set to do not disturb', async () => {
    const before = pushService.to('bob-1').length;
    const bobSocket = await connect(bob);
    await aliceSocket.sendText(bob.userID, 'you are online');
    await sentinel(aliceSocket, carol, 'carol');
    expect(pushService.to('bob-1').length).toBe(before);
    await bobSocket.close();

    const conversationID = singleConversationID(alice.userID, bob.userID);
    const muted = await api(server, bob, ImPath.setConversation, {
      conversationID,
      recvMsgOpt: RecvMsgOpt.NotNotify,
    });
    expect(muted.errCode).toBe(0);
    await aliceSocket.sendText(bob.userID, 'muted chat');
    await sentinel(aliceSocket, carol, 'carol');
    expect(pushService.to('bob-1').length).toBe(before);
    await api(server, bob, ImPath.setConversation, { conversationID, recvMsgOpt: RecvMsgOpt.Normal });
  });

  it('shows no sender and no words when the device chose no preview', async () => {
    const dan = await registerUser(server, { nickname: 'Dan' });
    await makeFriends(server, alice, dan);
    await subscribe(dan, 'dan', false);
    await aliceSocket.sendText(dan.userID, 'secret words');
    const [payload] = await until(
      () => (payloads('dan').length ? payloads('dan') : undefined),
      'a push to Dan',
    );
    expect(payload.kind).toBe('message');
    expect(payload).not.toHaveProperty('senderName');
    expect(payload).not.toHaveProperty('text');
    expect(JSON.stringify(payload)).not.toContain('secret');
  });

  it('tells of a friend application', async () => {
    const erin = await registerUser(server, { nickname: 'Erin' });
    await subscribe(erin, 'erin');
    await makeFriends(server, alice, erin);
    const [payload] = await until(
      () => (payloads('erin').length ? payloads('erin') : undefined),
      'a push to Erin',
    );
    expect(payload).toMatchObject({ kind: 'friendApplication', senderName: 'Alice', tag: 'fa' });
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    const frank = await registerUser(server, { nickname: 'Frank' });
    await makeFriends(server, alice, frank);
    await subscribe(frank, 'frank');
    pushService.statusFor.set('/push/frank', 410);
    await aliceSocket.sendText(frank.userID, 'anyone there?');
    await until(() => (pushService.to('frank').length ? true : undefined), 'a push to Frank');
    await until(
      async () => ((await subscriptionRows()).some((r) => r.userId === frank.userID) ? undefined : true),
      "Frank's subscription deleted",
    );
    // Not tried again: one request only.
    expect(pushService.to('frank')).toHaveLength(1);
  });

  it('removes the subscription at logout', async () => {
    const gina = await registerUser(server, { nickname: 'Gina' });
    await subscribe(gina, 'gina');
    expect((await subscriptionRows()).some((r) => r.userId === gina.userID)).toBe(true);
    const out = await post(server, `/chat${LOGOUT_PATH}`, {}, gina.chatToken);
    expect(out.errCode).toBe(0);
    await until(
      async () => ((await subscriptionRows()).some((r) => r.userId === gina.userID) ? undefined : true),
      "Gina's subscription removed",
    );
  });

  it('rings a device with no socket by push, and a device that connects while it rings gets the invite', async () => {
    const hana = await registerUser(server, { nickname: 'Hana' });
    await makeFriends(server, alice, hana);
    await subscribe(hana, 'hana');
    const call = invitation(alice.userID, hana.userID, { mediaType: 'audio' });
    expect((await sendSignal(aliceSocket, hana.userID, CallSignal.Invite, call)).errCode).toBe(0);
    const [payload] = await until(
      () => (payloads('hana').length ? payloads('hana') : undefined),
      'a push to Hana',
    );
    expect(payload).toMatchObject({
      kind: 'call',
      tag: `call:${call.roomID}`,
      senderName: 'Alice',
      mediaType: 'audio',
    });
    const received = pushService.to('hana')[0];
    expect(received.headers.urgency).toBe('high');

    // The notification is tapped: the app connects and rings; a device already connected is not told twice.
    const phone = await connect(hana);
    const [replayed] = await phone.waitForPushes<MessageItem>(WsPush.OnlineOnly);
    expect(parseCallSignal(replayed.customElem!.data)).toMatchObject({
      customType: CallSignal.Invite,
      data: {
        roomID: call.roomID,
        inviterUserID: alice.userID,
        inviteeUserIDList: [hana.userID],
        mediaType: 'audio',
      },
    });
    expect(replayed).toMatchObject({
      sendID: alice.userID,
      recvID: hana.userID,
      senderNickname: 'Alice',
      seq: 0,
    });
    const laptop = await connect(hana, { platformID: 2 });
    await laptop.waitForPushes(WsPush.OnlineOnly);
    await aliceSocket.sendText(hana.userID, 'after the ring');
    await phone.waitForPushes(WsPush.NewMessage);
    expect(phone.pushesOf(WsPush.OnlineOnly)).toHaveLength(1);

    // Once the call is cancelled, a device that connects hears nothing of it.
    expect((await sendSignal(aliceSocket, hana.userID, CallSignal.Cancel, call)).errCode).toBe(0);
    const late = await connect(hana, { platformID: 3 });
    await aliceSocket.sendText(hana.userID, 'after the cancel');
    await late.waitForPushes(WsPush.NewMessage);
    expect(late.pushesOf(WsPush.OnlineOnly)).toHaveLength(0);
  });

  it('refuses a subscription that is not an https push service', async () => {
    const answer = await api(server, alice, PushPath.subscribe, {
      subscription: { endpoint: 'http://127.0.0.1/push/x', keys: new DeviceKeys().json() },
      lang: 'en',
      preview: true,
    });
    expect(answer.errCode).toBe(ErrCode.ARGS);
  });
});
