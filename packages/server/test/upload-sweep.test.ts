import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContentType, Header, SessionType, WsReq } from '@im/protocol';
import type { Envelope, MessageItem, UploadResp } from '@im/protocol';
import { LocalFileStorage } from '../src/file/local-file-storage.ts';
import { sweepUploads, UNREFERENCED_UPLOAD_TTL_MS } from '../src/file/upload-sweep.ts';
import { makeFriends } from './support/friends.ts';
import { newClientMsgID } from './support/gateway.ts';
import { databases, registerUser, updateProfile } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

const HOUR = 3600 * 1000;

/** The unreferenced-upload sweep (docs/api.md "Uploads"): only what nothing refers to goes, after a day. */
describe.each(databases)('the upload sweep on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });
  let alice: Awaited<ReturnType<typeof registerUser>>;
  let bob: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    alice = await registerUser(server);
    bob = await registerUser(server);
    await makeFriends(server, alice, bob);
  });
  const upload = async (purpose: string, body: Uint8Array) => {
    const response = await fetch(`${server.url}/api/object/upload?purpose=${purpose}`, {
      method: 'POST',
      headers: { [Header.operationID]: 'up', [Header.token]: alice.imToken },
      body,
    });
    return ((await response.json()) as Envelope<UploadResp>).data!;
  };
  const exists = async (url: string) => (await fetch(`${server.url}${url}`)).status === 200;

  it('deletes day-old uploads that no message or avatar refers to, and nothing else', async () => {
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const sent = await upload('picture', picture);
    const quoted = await upload('file', randomBytes(100));
    const avatar = await upload('avatar', picture);
    const orphan = await upload('file', randomBytes(100));
    const orphanPicture = await upload('picture', picture);
    const young = await upload('file', randomBytes(100));

    const a = await connect(alice);
    const send = (contentType: number, content: object) =>
      a.call<MessageItem>(WsReq.SendMsg, {
        clientMsgID: newClientMsgID(),
        recvID: bob.userID,
        sessionType: SessionType.Single,
        contentType,
        content,
      });
    const ref = (r: UploadResp, w?: number, h?: number) => ({
      url: r.url,
      width: w ?? r.width!,
      height: h ?? r.height!,
      size: r.size,
    });
    await send(ContentType.Picture, {
      sourcePicture: ref(sent),
      snapshotPicture: { ...ref(sent, sent.thumbnailWidth, sent.thumbnailHeight), url: sent.thumbnailUrl! },
    });
    // An upload referred to only inside a merged forward's copy is kept too.
    await send(ContentType.Merge, {
      title: 'history',
      abstractList: ['a file'],
      multiMessage: [
        {
          clientMsgID: newClientMsgID(),
          sendID: alice.userID,
          sessionType: SessionType.Single,
          contentType: ContentType.File,
          sendTime: Date.now(),
          fileElem: { fileName: 'a.txt', fileSize: 100, sourceUrl: quoted.url },
        },
      ],
    });
    expect((await updateProfile(server, alice, { userID: alice.userID, faceURL: avatar.url })).errCode).toBe(
      0,
    );

    const { db } = server.app.messenger;
    // Made two hours later than the others: not a day old at the sweep below.
    await db
      .updateTable('uploads')
      .set({ createdAt: Date.now() + 2 * HOUR })
      .where('name', '=', young.name)
      .execute();
    const storage = new LocalFileStorage(join(server.config.DATA_DIR, 'uploads'));

    // Nothing is a day old yet.
    expect(await sweepUploads(db, storage, Date.now())).toEqual([]);
    const deleted = await sweepUploads(db, storage, Date.now() + UNREFERENCED_UPLOAD_TTL_MS + HOUR);
    expect(deleted.sort()).toEqual(
      [orphan.name, orphanPicture.name, orphanPicture.thumbnailUrl!.split('/').pop()!].sort(),
    );
    for (const gone of [orphan.url, orphanPicture.url, orphanPicture.thumbnailUrl!])
      expect(await exists(gone), gone).toBe(false);
    for (const kept of [sent.url, sent.thumbnailUrl!, quoted.url, avatar.url, young.url])
      expect(await exists(kept), kept).toBe(true);
    // A later sweep past the young one's day takes it too.
    const later = await sweepUploads(db, storage, Date.now() + 2 * UNREFERENCED_UPLOAD_TTL_MS + 3 * HOUR);
    expect(later).toEqual([young.name]);
  });
});
