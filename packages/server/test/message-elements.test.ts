import { beforeAll, describe, expect, it } from 'vitest';
import { ContentType, ErrCode, ImPath, SessionType, WsReq, singleConversationID } from '@im/protocol';
import type { HistoryResp, MaxSeqsResp, MessageItem } from '@im/protocol';
import { newClientMsgID } from './support/gateway.ts';
import type { GatewayClient } from './support/gateway.ts';
import { makeFriends } from './support/friends.ts';
import { databases, post, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

const url = (hex: string, ext: string) => `/api/object/${hex.repeat(32).slice(0, 32)}.${ext}`;
const PICTURE = url('a1', 'png');
const THUMB = url('b2', 'webp');
const copyOf = (text: string) => ({
  clientMsgID: newClientMsgID(),
  serverMsgID: 'srv1',
  seq: 2,
  sendID: 'u1',
  sessionType: SessionType.Single,
  contentType: ContentType.Text,
  sendTime: 1_700_000_000_000,
  textElem: { content: text },
});

/** Each content type (docs/api.md "Message types"): a good element, and bad ones with why they fail. */
const cases: { type: number; key: keyof MessageItem; good: object; bad: [object, string][] }[] = [
  {
    type: ContentType.Picture,
    key: 'pictureElem',
    good: {
      sourcePicture: { url: PICTURE, width: 1920, height: 1080, size: 123_456, type: 'image/png' },
      snapshotPicture: { url: THUMB, width: 480, height: 270, size: 9_000, type: 'image/webp' },
    },
    bad: [
      [
        {
          sourcePicture: { url: 'https://evil.example/x.png', width: 1, height: 1, size: 1 },
          snapshotPicture: { url: THUMB, width: 1, height: 1, size: 1 },
        },
        'sourcePicture.url',
      ],
      [{ sourcePicture: { url: PICTURE, width: 1, height: 1, size: 1 } }, 'snapshotPicture'],
    ],
  },
  {
    type: ContentType.Voice,
    key: 'soundElem',
    good: { sourceUrl: url('c3', 'webm'), duration: 3, dataSize: 24_000 },
    bad: [
      [{ sourceUrl: url('c3', 'webm'), duration: 61, dataSize: 24_000 }, 'duration'],
      [{ sourceUrl: '/api/object/../secret', duration: 3, dataSize: 1 }, 'sourceUrl'],
    ],
  },
  {
    type: ContentType.Video,
    key: 'videoElem',
    good: {
      videoUrl: url('d4', 'mp4'),
      duration: 5,
      videoSize: 1_000_000,
      snapshotUrl: url('e5', 'jpg'),
      snapshotWidth: 640,
      snapshotHeight: 360,
      videoType: 'video/mp4',
    },
    bad: [
      [
        { videoUrl: url('d4', 'mp4'), duration: 5, videoSize: 1, snapshotUrl: 'data:image/png;base64,AA' },
        'snapshotUrl',
      ],
      [
        {
          videoUrl: url('d4', 'mp4'),
          duration: 5,
          videoSize: 200 * 1024 * 1024,
          snapshotUrl: url('e5', 'jpg'),
        },
        'videoSize',
      ],
    ],
  },
  {
    type: ContentType.File,
    key: 'fileElem',
    good: { fileName: 'report 2024 – final.pdf', fileSize: 3 * 1024 * 1024, sourceUrl: url('f6', 'bin') },
    bad: [
      [{ fileName: 'x'.repeat(256), fileSize: 1, sourceUrl: url('f6', 'bin') }, 'fileName'],
      [{ fileName: 'a.pdf', fileSize: 1, sourceUrl: 'javascript:alert(1)' }, 'sourceUrl'],
    ],
  },
  {
    type: ContentType.Merge,
    key: 'mergeElem',
    good: {
      title: 'Chat history of Alice and Bob',
      abstractList: ['Alice: hi', 'Bob: hello', 'Alice: bye'],
      multiMessage: [copyOf('hi'), copyOf('hello'), copyOf('bye')],
    },
    bad: [
      [{ title: 't', abstractList: ['1', '2', '3', '4', '5'], multiMessage: [copyOf('x')] }, 'abstractList'],
      [
        { title: 't', abstractList: [], multiMessage: Array.from({ length: 101 }, () => copyOf('x')) },
        'multiMessage',
      ],
      [
        {
          title: 't',
          abstractList: [],
          multiMessage: [{ ...copyOf('x'), textElem: { content: 'x'.repeat(10_001) } }],
        },
        'multiMessage.0.textElem.content',
      ],
    ],
  },
  {
    type: ContentType.Card,
    key: 'cardElem',
    good: { userID: '1234567890', nickname: 'Bob', faceURL: url('a7', 'jpg') },
    bad: [
      [{ userID: '1234567890', nickname: 'Bob', faceURL: 'http://tracker.example/pixel.gif' }, 'faceURL'],
      [{ userID: '', nickname: 'Bob', faceURL: '' }, 'userID'],
    ],
  },
  {
    type: ContentType.Location,
    key: 'locationElem',
    good: { description: JSON.stringify({ name: 'Café de Flore' }), latitude: 48.854, longitude: 2.333 },
    bad: [
      [{ description: JSON.stringify({ name: 'x' }), latitude: 91, longitude: 0 }, 'latitude'],
      [{ description: 'just text', latitude: 0, longitude: 0 }, 'description'],
    ],
  },
  {
    type: ContentType.Quote,
    key: 'quoteElem',
    good: { text: 'me too', quoteMessage: copyOf('I like it') },
    bad: [
      [{ text: 'me too', quoteMessage: { ...copyOf('x'), sendTime: 'yesterday' } }, 'quoteMessage.sendTime'],
      [{ text: '', quoteMessage: copyOf('x') }, 'text'],
    ],
  },
  {
    type: ContentType.Face,
    key: 'faceElem',
    good: { index: 3, data: 'smile' },
    bad: [
      [{ index: 3, data: '<img src=x onerror=alert(1)>' }, 'data'],
      [{ index: -1, data: 'smile' }, 'index'],
    ],
  },
];

describe.each(databases)('media and rich elements on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });
  let alice: Awaited<ReturnType<typeof registerUser>>;
  let bob: Awaited<ReturnType<typeof registerUser>>;
  let a: GatewayClient;
  beforeAll(async () => {
    alice = await registerUser(server, { nickname: 'Alice' });
    bob = await registerUser(server, { nickname: 'Bob' });
    await makeFriends(server, alice, bob);
    a = await connect(alice);
  });
  const send = (contentType: number, content: object) =>
    a.request<MessageItem>(WsReq.SendMsg, {
      clientMsgID: newClientMsgID(),
      recvID: bob.userID,
      sessionType: SessionType.Single,
      contentType,
      content,
    });
  const maxSeq = async () =>
    (await a.call<MaxSeqsResp>(WsReq.GetMaxSeqs, {})).maxSeqs[singleConversationID(alice.userID, bob.userID)];

  it.each(cases)('stores a good $key and refuses bad ones with 1001, storing nothing', async (c) => {
    for (const [bad, where] of c.bad) {
      const before = await maxSeq();
      const answer = await send(c.type, bad);
      expect(answer.errCode, JSON.stringify(bad)).toBe(ErrCode.ARGS);
      expect(answer.errMsg).toContain(`content.${where}`);
      expect(await maxSeq()).toBe(before);
    }
    const stored = await send(c.type, c.good);
    expect(stored.errCode).toBe(0);
    expect(stored.data!.contentType).toBe(c.type);
    expect(stored.data![c.key]).toEqual(c.good);
    const page = await post<HistoryResp>(
      server,
      `/api${ImPath.getHistory}`,
      { conversationID: stored.data!.conversationID, count: 1 },
      bob.imToken,
    );
    expect(page.data!.messages[0]).toMatchObject({ seq: stored.data!.seq, [c.key]: c.good });
  });
});
