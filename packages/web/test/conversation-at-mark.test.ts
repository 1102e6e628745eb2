import { describe, expect, it } from 'vitest';
import { GroupAtType, SessionType } from '@im/protocol';
import { conversationPreview } from '../src/utils/conversation-preview';
import { conversation, message } from './fixtures';
import { translator } from './translate';

const en = { selfID: 'alice', t: translator('en') };
const zh = { selfID: 'alice', t: translator('zh-CN') };
const groupRow = (fields: Parameters<typeof conversation>[0]) =>
  conversation({
    conversationID: 'sg_g1',
    conversationType: SessionType.Group,
    userID: '',
    groupID: 'g1',
    showName: 'Hikers',
    latestMsg: message({ sessionType: SessionType.Group, groupID: 'g1', textElem: { content: 'hi all' } }),
    ...fields,
  });

/** The conversation list marks an unread group mention (groupAtType) until it is read. */
describe('[@me] / [@all] on the conversation list', () => {
  it('@me, @all, and both (as @me), in both languages; none without a mark', () => {
    expect(conversationPreview(groupRow({ groupAtType: GroupAtType.AtMe }), en).prefix).toBe('[@me]');
    expect(conversationPreview(groupRow({ groupAtType: GroupAtType.AtAll }), en).prefix).toBe('[@all]');
    expect(conversationPreview(groupRow({ groupAtType: GroupAtType.AtAllAtMe }), en).prefix).toBe('[@me]');
    expect(conversationPreview(groupRow({ groupAtType: GroupAtType.AtMe }), zh).prefix).toBe('[有人@我]');
    expect(conversationPreview(groupRow({ groupAtType: GroupAtType.AtAll }), zh).prefix).toBe('[@所有人]');
    expect(conversationPreview(groupRow({ groupAtType: GroupAtType.None }), en).prefix).toBe('');
  });

  it('the mark stays in front of a draft', () => {
    const row = groupRow({ groupAtType: GroupAtType.AtMe, draftText: 'later' });
    expect(conversationPreview(row, en)).toEqual({ prefix: '[@me] [Draft]', text: 'later' });
  });

  it("another member's last message shows with their name; own and notices do not", () => {
    expect(conversationPreview(groupRow({}), en).text).toBe('Bob: hi all');
    const own = groupRow({
      latestMsg: message({ sessionType: SessionType.Group, sendID: 'alice', textElem: { content: 'mine' } }),
    });
    expect(conversationPreview(own, en).text).toBe('mine');
  });
});
