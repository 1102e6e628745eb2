import { describe, expect, it } from 'vitest';
import { ContentType } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { summarizeMessage } from '../src/utils/message-summary';
import { message } from './fixtures';
import { translator } from './translate';

const en = { selfID: 'alice', t: translator('en') };
const zh = { selfID: 'alice', t: translator('zh-CN') };
const of = (contentType: number, fields: Partial<MessageItem> = {}) =>
  message({ contentType, textElem: undefined, ...fields });
const ref = { url: '/api/object/p', width: 10, height: 10 };

/** Every content type from 102 to 115 with its fixed label (docs/product.md#limits-and-constants). */
const cases: [string, MessageItem, string, string][] = [
  ['picture', of(ContentType.Picture, { pictureElem: { sourcePicture: ref } }), '[Image]', '[图片]'],
  [
    'voice',
    of(ContentType.Voice, { soundElem: { sourceUrl: '/v', duration: 3, dataSize: 9 } }),
    '[Voice]',
    '[语音]',
  ],
  [
    'video',
    of(ContentType.Video, { videoElem: { videoUrl: '/v', duration: 4, videoSize: 9, snapshotUrl: '' } }),
    '[Video]',
    '[视频]',
  ],
  [
    'file',
    of(ContentType.File, { fileElem: { fileName: 'report.pdf', fileSize: 9, sourceUrl: '/f' } }),
    '[File] report.pdf',
    '[文件] report.pdf',
  ],
  [
    'at-text',
    of(ContentType.AtText, { atTextElem: { text: '@bob hi', atUserList: ['bob'] } }),
    '@bob hi',
    '@bob hi',
  ],
  [
    'merge',
    of(ContentType.Merge, { mergeElem: { title: 't', abstractList: [], multiMessage: [] } }),
    '[Chat history]',
    '[聊天记录]',
  ],
  [
    'card',
    of(ContentType.Card, { cardElem: { userID: 'c', nickname: 'Carol', faceURL: '' } }),
    '[Card] Carol',
    '[名片] Carol',
  ],
  [
    'location',
    of(ContentType.Location, {
      locationElem: { description: JSON.stringify({ name: 'Cafe' }), latitude: 1, longitude: 2 },
    }),
    '[Location] Cafe',
    '[位置] Cafe',
  ],
  [
    'custom',
    of(ContentType.Custom, { customElem: { data: '{}', extension: '', description: '' } }),
    '[Custom message]',
    '[自定义消息]',
  ],
  ['111 (no such type)', of(111), '[Unsupported message]', '[暂不支持的消息]'],
  ['112 (no such type)', of(112), '[Unsupported message]', '[暂不支持的消息]'],
  ['typing', of(ContentType.Typing, { typingElem: { msgTips: 'yes' } }), 'typing…', '正在输入…'],
  ['quote', of(ContentType.Quote, { quoteElem: { text: 'agreed' } }), 'agreed', 'agreed'],
  ['face', of(ContentType.Face, { faceElem: { index: 0, data: 'smile' } }), '[Sticker]', '[表情]'],
];

describe('list summaries of content types 102–115, in both languages', () => {
  it.each(cases)('%s', (_name, item, english, chinese) => {
    expect(summarizeMessage(item, en)).toBe(english);
    expect(summarizeMessage(item, zh)).toBe(chinese);
  });

  it('a file without a name is still [File]', () => {
    expect(summarizeMessage(of(ContentType.File), en)).toBe('[File]');
    expect(summarizeMessage(of(ContentType.File), zh)).toBe('[文件]');
  });
});
