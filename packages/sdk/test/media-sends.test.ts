import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentType, MessageStatus, WsReq } from '@im/protocol';
import type { MessageItem, SendMsgReq } from '@im/protocol';
import { ApiError, SdkErrCode } from '../src/api-error.ts';
import { localMediaOf } from '../src/messaging/media-messages.ts';
import type { MediaUploadResp } from '../src/messaging/media-messages.ts';
import type { Uploader } from '../src/messaging/media-uploads.ts';
import { FakeGateway } from './support/fake-gateway.ts';
import { loginClient, synced } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';

/** An upload the test drives: it reports progress, answers or fails when told, and hears aborts. */
class FakeUpload {
  calls: { purpose: string; name: string; size: number; aborted: boolean }[] = [];
  #pending: {
    onProgress: (loaded: number, total: number) => void;
    resolve: (answer: MediaUploadResp) => void;
    reject: (error: unknown) => void;
    size: number;
  }[] = [];

  readonly upload: Uploader = ({ purpose, name, body, onProgress, signal }) =>
    new Promise((resolve, reject) => {
      const call = { purpose, name, size: body.size, aborted: false };
      this.calls.push(call);
      signal.addEventListener('abort', () => {
        call.aborted = true;
        reject(new ApiError(SdkErrCode.CANCELLED, 'cancelled'));
      });
      this.#pending.push({ onProgress, resolve, reject, size: body.size });
    });

  progress(loaded: number): void {
    const current = this.#pending.at(-1)!;
    current.onProgress(loaded, current.size);
  }

  answer(extra: Partial<MediaUploadResp> = {}): void {
    const current = this.#pending.shift()!;
    const name = `u${this.calls.length}`;
    current.resolve({
      url: `/api/object/${name}`,
      name,
      contentType: 'image/png',
      size: current.size,
      ...extra,
    });
  }

  fail(): void {
    this.#pending.shift()!.reject(new ApiError(SdkErrCode.NETWORK, 'network error'));
  }
}

const open: TestClient[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.client.logout();
});

async function setup() {
  const gateway = new FakeGateway();
  const fake = new FakeUpload();
  const a = await loginClient(gateway, 'alice', { messaging: { upload: fake.upload } });
  const b = await loginClient(gateway, 'bob');
  open.push(a, b);
  await Promise.all([synced(a), synced(b)]);
  const timeline = a.client.messages.openTimeline('si_alice_bob');
  await timeline.loadOlder();
  const sends = () =>
    gateway.requests.filter((r) => r.reqIdentifier === WsReq.SendMsg).map((r) => r.data as SendMsgReq);
  return { gateway, fake, a, b, timeline, sends };
}

const picture = () => new Blob([new Uint8Array(1000)], { type: 'image/png' });
const shown = (messages: readonly MessageItem[]) => messages.at(-1)!;

describe('media messages: uploads as pending messages', () => {
  it('is pending in the timeline from the start, with its progress, then sent with the URLs', async () => {
    const { fake, a, b, timeline, sends } = await setup();
    const message = a.client.messages.createImageMessage({ file: picture(), width: 640, height: 480 });
    const sent = a.client.messages.sendMessage({ recvID: 'bob', message });
    await vi.waitFor(() => expect(timeline.messages).toHaveLength(1));
    expect(shown(timeline.messages)).toMatchObject({
      clientMsgID: message.clientMsgID,
      status: MessageStatus.Sending,
      pictureElem: { sourcePicture: { width: 640, height: 480 } },
    });
    expect(localMediaOf(shown(timeline.messages))?.progress).toBe(0);
    expect(localMediaOf(shown(timeline.messages))?.file.size).toBe(1000);
    // The store holds the bytes, so a reload could resend them.
    expect(localMediaOf((await a.store.getMessage(message.clientMsgID))!)?.file.size).toBe(1000);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]).toMatchObject({ purpose: 'picture', size: 1000 });
    fake.progress(400);
    await vi.waitFor(() => expect(localMediaOf(shown(timeline.messages))?.progress).toBeCloseTo(0.4));
    expect(sends()).toHaveLength(0); // nothing is sent before the bytes are up
    fake.answer({
      width: 640,
      height: 480,
      thumbnailUrl: '/api/object/thumb',
      thumbnailWidth: 480,
      thumbnailHeight: 360,
    });
    const stored = await sent;
    expect(stored).toMatchObject({ status: MessageStatus.Succeeded, seq: 1 });
    expect(localMediaOf(stored)).toBeUndefined();
    expect(stored.pictureElem).toMatchObject({
      sourcePicture: { url: '/api/object/u1', width: 640, height: 480, size: 1000 },
      snapshotPicture: { url: '/api/object/thumb', width: 480, height: 360 },
    });
    expect(sends()).toHaveLength(1);
    expect(sends()[0]!.content).toEqual(stored.pictureElem);
    expect(localMediaOf(shown(timeline.messages))).toBeUndefined();
    await vi.waitFor(() => expect(b.received().map((m) => m.contentType)).toEqual([ContentType.Picture]));
    expect(message.pictureElem?.sourcePicture.url).toBe(''); // the caller's object is never changed
  });

  it('cancelSend aborts the upload, sends nothing and leaves it Failed with its bytes', async () => {
    const { fake, a, timeline, sends } = await setup();
    const file = new File([new Uint8Array(3000)], 'report.pdf');
    const message = a.client.messages.createFileMessage({ file });
    const sent = a.client.messages.sendMessage({ recvID: 'bob', message });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]).toMatchObject({ purpose: 'file', name: 'report.pdf' });
    expect(a.client.messages.cancelSend(message.clientMsgID)).toBe(true);
    await expect(sent).rejects.toMatchObject({ errCode: SdkErrCode.CANCELLED });
    expect(fake.calls[0]!.aborted).toBe(true);
    await vi.waitFor(() => expect(shown(timeline.messages).status).toBe(MessageStatus.Failed));
    expect(localMediaOf(shown(timeline.messages))?.name).toBe('report.pdf');
    expect(sends()).toHaveLength(0);
  });

  it('deleting the pending message aborts its upload and it leaves the timeline', async () => {
    const { fake, a, timeline, sends } = await setup();
    const message = a.client.messages.createSoundMessage({
      file: new Blob([new Uint8Array(500)], { type: 'audio/webm' }),
      duration: 3,
    });
    const sent = a.client.messages.sendMessage({ recvID: 'bob', message });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]!.purpose).toBe('voice');
    await a.client.messages.deleteMessageFromLocalStorage({
      conversationID: 'si_alice_bob',
      clientMsgID: message.clientMsgID,
    });
    await expect(sent).rejects.toBeInstanceOf(ApiError);
    expect(fake.calls[0]!.aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(timeline.messages).toHaveLength(0);
    expect(await a.store.getMessage(message.clientMsgID)).toBeUndefined();
    expect(sends()).toHaveLength(0);
  });

  it('a failed upload is Failed; resendMessage uploads once more and sends once, same clientMsgID', async () => {
    const { gateway, fake, a, b, timeline, sends } = await setup();
    const message = a.client.messages.createVideoMessage({
      file: new Blob([new Uint8Array(2000)], { type: 'video/webm' }),
      duration: 4.2,
      snapshot: new Blob([new Uint8Array(100)], { type: 'image/jpeg' }),
    });
    const sent = a.client.messages.sendMessage({ recvID: 'bob', message });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]!.purpose).toBe('videoSnapshot');
    fake.answer({ contentType: 'image/jpeg' });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(fake.calls[1]!.purpose).toBe('video');
    fake.fail();
    await expect(sent).rejects.toMatchObject({ errCode: SdkErrCode.NETWORK });
    await vi.waitFor(() => expect(shown(timeline.messages).status).toBe(MessageStatus.Failed));
    expect(sends()).toHaveLength(0);

    const resent = a.client.messages.resendMessage(message.clientMsgID);
    await vi.waitFor(() => expect(shown(timeline.messages).status).toBe(MessageStatus.Sending));
    await vi.waitFor(() => expect(fake.calls).toHaveLength(3));
    fake.answer({ contentType: 'image/jpeg' });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(4));
    fake.answer({ contentType: 'video/webm' });
    const stored = await resent;
    expect(stored).toMatchObject({ clientMsgID: message.clientMsgID, status: MessageStatus.Succeeded });
    expect(stored.videoElem).toMatchObject({
      duration: 4,
      videoUrl: '/api/object/u4',
      snapshotUrl: '/api/object/u3',
    });
    expect(sends().map((r) => r.clientMsgID)).toEqual([message.clientMsgID]);
    expect(gateway.state.messages.get('si_alice_bob')).toHaveLength(1);
    await vi.waitFor(() => expect(b.received()).toHaveLength(1));
    expect(timeline.messages).toHaveLength(1);
  });
});
