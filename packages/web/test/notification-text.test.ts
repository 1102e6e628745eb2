import { describe, expect, it } from 'vitest';
import type { PushPayload } from '@im/protocol';
import { en } from '../src/i18n/locales/en';
import { zhCN } from '../src/i18n/locales/zh-CN';
import { notificationText } from '../src/pwa/notification-text';
import { catalogueTranslate } from '../src/sw/catalogue-translate';

const base: PushPayload = {
  v: 1,
  kind: 'message',
  lang: 'en',
  tag: 'c:si_a_b',
  url: '/chat?conversationID=si_a_b',
};
const inEnglish = catalogueTranslate(en);
const inChinese = catalogueTranslate(zhCN);

/** The words of a notification (docs/product.md#notifications), as the worker and the page show them. */
describe('notification text', () => {
  it('shows the sender and the words, or the type label', () => {
    expect(
      notificationText({ ...base, senderName: 'Bob', contentType: 101, text: 'On the train' }, inEnglish),
    ).toEqual({
      title: 'Bob',
      body: 'On the train',
    });
    expect(notificationText({ ...base, senderName: 'Bob', contentType: 102 }, inEnglish).body).toBe(
      '[Image]',
    );
    expect(notificationText({ ...base, senderName: 'Bob', contentType: 105 }, inEnglish).body).toBe('[File]');
    expect(notificationText({ ...base, senderName: 'Bob', contentType: 103 }, inChinese).body).toBe(
      zhCN.summary.voice,
    );
  });

  it('names the group and marks a mention', () => {
    const text = notificationText(
      {
        ...base,
        kind: 'mention',
        senderName: 'Bob',
        groupName: 'Hikers',
        contentType: 106,
        text: '@Ann lunch?',
      },
      inEnglish,
    );
    expect(text).toEqual({ title: 'Bob in Hikers', body: '[Mentioned you] @Ann lunch?' });
  });

  it('says only "New message" without a preview, in the device language', () => {
    expect(notificationText({ ...base, contentType: 101 }, inEnglish)).toEqual({
      title: 'New message',
      body: 'Open the app to read it',
    });
    expect(notificationText({ ...base, lang: 'zh-CN', contentType: 101 }, inChinese)).toEqual({
      title: '新消息',
      body: '打开应用查看',
    });
  });

  it('tells of applications and calls, with or without the name', () => {
    expect(notificationText({ ...base, kind: 'friendApplication', senderName: 'Sam' }, inEnglish)).toEqual({
      title: 'Friend request',
      body: 'Sam wants to add you as a friend',
    });
    expect(notificationText({ ...base, kind: 'groupApplication' }, inEnglish).body).toBe(
      'Someone asks to join your group',
    );
    expect(
      notificationText({ ...base, kind: 'call', senderName: 'Bob', mediaType: 'video' }, inChinese),
    ).toEqual({
      title: '视频来电',
      body: 'Bob 正在呼叫你',
    });
    expect(notificationText({ ...base, kind: 'call', mediaType: 'audio' }, inEnglish)).toEqual({
      title: 'Incoming voice call',
      body: 'Someone is calling you',
    });
  });

  it('the worker falls back to the key for an unknown one and fills every placeholder', () => {
    expect(catalogueTranslate(en)('notifications.inGroup', { sender: 'A', group: 'B' })).toBe('A in B');
    expect(catalogueTranslate({})('notifications.newMessage')).toBe('notifications.newMessage');
  });
});
