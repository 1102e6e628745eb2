import { describe, expect, it } from 'vitest';
import { ContentType } from '@im/protocol';
import { summarizeMessage } from '../src/utils/message-summary';
import { conversationPreview } from '../src/utils/conversation-preview';
import { conversation, message, notice } from './fixtures';
import { translator } from './translate';

const en = { selfID: 'alice', t: translator('en') };
const zh = { selfID: 'alice', t: translator('zh-CN') };
const user = (userID: string, nickname: string) => ({ userID, nickname });

describe('message summaries (docs/product.md#limits-and-constants)', () => {
  it('text shows its content, at-text its text with names, quote its text', () => {
    expect(summarizeMessage(message({ textElem: { content: 'see you at 5' } }), en)).toBe('see you at 5');
    const at = message({
      contentType: ContentType.AtText,
      textElem: undefined,
      atTextElem: {
        text: '@bob lunch?',
        atUserList: ['bob'],
        atUsersInfo: [{ atUserID: 'bob', groupNickname: 'Bobby' }],
      },
    });
    expect(summarizeMessage(at, en)).toBe('@Bobby lunch?');
    const quote = message({
      contentType: ContentType.Quote,
      textElem: undefined,
      quoteElem: { text: 'agreed' },
    });
    expect(summarizeMessage(quote, en)).toBe('agreed');
  });

  it('media and other content types show fixed labels, in both languages', () => {
    const of = (contentType: number, fields = {}) => message({ contentType, textElem: undefined, ...fields });
    expect(summarizeMessage(of(ContentType.Picture), en)).toBe('[Image]');
    expect(summarizeMessage(of(ContentType.Picture), zh)).toBe('[图片]');
    expect(summarizeMessage(of(ContentType.Voice), en)).toBe('[Voice]');
    expect(summarizeMessage(of(ContentType.Video), en)).toBe('[Video]');
    expect(summarizeMessage(of(ContentType.Merge), en)).toBe('[Chat history]');
    expect(summarizeMessage(of(ContentType.Face), en)).toBe('[Sticker]');
    expect(
      summarizeMessage(
        of(ContentType.File, { fileElem: { fileName: 'a.pdf', fileSize: 1, sourceUrl: '' } }),
        en,
      ),
    ).toBe('[File] a.pdf');
    const location = { description: JSON.stringify({ name: 'Cafe' }), latitude: 0, longitude: 0 };
    expect(summarizeMessage(of(ContentType.Location, { locationElem: location }), en)).toBe(
      '[Location] Cafe',
    );
    expect(
      summarizeMessage(
        of(ContentType.Card, { cardElem: { userID: 'c', nickname: 'Carol', faceURL: '' } }),
        zh,
      ),
    ).toBe('[名片] Carol');
  });

  it('custom messages: call signals read as a call, others as a custom message', () => {
    const custom = (data: object) =>
      message({
        contentType: ContentType.Custom,
        textElem: undefined,
        customElem: { data: JSON.stringify(data), description: '', extension: '' },
      });
    expect(summarizeMessage(custom({ customType: 200, data: {} }), en)).toBe('[Call]');
    expect(summarizeMessage(custom({ customType: 7 }), en)).toBe('[Custom message]');
  });

  it('revoke: "You recalled a message" for own revokes, "X recalled a message" for others', () => {
    const revoke = (revokerID: string, revokerNickname: string) =>
      notice(ContentType.Revoke, { clientMsgID: 'x', conversationID: 'c', revokerID, revokerNickname });
    expect(summarizeMessage(revoke('alice', 'Alice'), en)).toBe('You recalled a message');
    expect(summarizeMessage(revoke('bob', 'Bob'), en)).toBe('Bob recalled a message');
    expect(summarizeMessage(revoke('alice', 'Alice'), zh)).toBe('你撤回了一条消息');
    expect(summarizeMessage(revoke('bob', 'Bob'), zh)).toBe('Bob 撤回了一条消息');
  });

  it('group notifications name the operator, and "You" for the current user (docs/product.md#roles-and-permissions)', () => {
    const op = { opUser: user('bob', 'Bob') };
    expect(summarizeMessage(notice(ContentType.GroupCreated, op), en)).toBe('Bob created the group');
    expect(summarizeMessage(notice(ContentType.GroupCreated, { opUser: user('alice', 'A') }), en)).toBe(
      'You created the group',
    );
    expect(summarizeMessage(notice(ContentType.GroupInfoUpdated, op), en)).toBe(
      'Bob updated the group information',
    );
    expect(summarizeMessage(notice(ContentType.GroupDismissed, op), en)).toBe('Bob dismissed the group');
    expect(summarizeMessage(notice(ContentType.GroupMuted, op), en)).toBe('Bob muted all members');
    expect(summarizeMessage(notice(ContentType.GroupCancelMuted, op), en)).toBe('Bob unmuted all members');
    expect(summarizeMessage(notice(ContentType.GroupAnnouncementUpdated, op), en)).toBe(
      'Bob updated the group announcement',
    );
    expect(
      summarizeMessage(notice(ContentType.GroupNameUpdated, { ...op, group: { groupName: 'Hikers' } }), en),
    ).toBe('Bob changed the group name to Hikers');
    expect(
      summarizeMessage(
        notice(ContentType.GroupOwnerTransferred, { ...op, newGroupOwner: user('carol', 'Carol') }),
        en,
      ),
    ).toBe('Bob transferred the group to Carol');
    expect(summarizeMessage(notice(ContentType.MemberQuit, { quitUser: user('dan', 'Dan') }), en)).toBe(
      'Dan left the group',
    );
    expect(summarizeMessage(notice(ContentType.MemberEnter, { entrantUser: user('alice', 'A') }), zh)).toBe(
      '你 加入了群聊',
    );
    expect(
      summarizeMessage(
        notice(ContentType.GroupMemberMuted, { ...op, mutedUser: user('dan', 'Dan'), mutedSeconds: 600 }),
        en,
      ),
    ).toBe('Bob muted Dan for 10 min');
    expect(
      summarizeMessage(
        notice(ContentType.GroupMemberCancelMuted, { ...op, mutedUser: user('dan', 'Dan') }),
        en,
      ),
    ).toBe('Bob unmuted Dan');
    expect(
      summarizeMessage(notice(ContentType.BurnAfterReadingChanged, { ...op, isPrivate: true }), en),
    ).toBe('Bob turned on burn after reading');
  });

  it('member lists show at most 3 names, then a count of the others (docs/product.md#limits-and-constants)', () => {
    const three = [user('c', 'Carol'), user('d', 'Dan'), user('e', 'Eve')];
    const op = { opUser: user('bob', 'Bob') };
    expect(summarizeMessage(notice(ContentType.MemberInvited, { ...op, invitedUserList: three }), en)).toBe(
      'Bob invited Carol, Dan, Eve to the group',
    );
    const five = [...three, user('f', 'Fay'), user('alice', 'A')];
    expect(summarizeMessage(notice(ContentType.MemberKicked, { ...op, kickedUserList: five }), en)).toBe(
      'Bob removed Carol, Dan, Eve and 2 others from the group',
    );
    expect(summarizeMessage(notice(ContentType.MemberKicked, { ...op, kickedUserList: five }), zh)).toBe(
      'Bob 将 Carol、Dan、Eve等 2 人 移出了群聊',
    );
  });

  it('friend and official notifications', () => {
    expect(summarizeMessage(notice(ContentType.FriendAdded, {}), en)).toBe(
      'You are now friends. Start chatting!',
    );
    expect(summarizeMessage(notice(ContentType.OfficialNotice, { text: 'Maintenance at 2am' }), en)).toBe(
      '[Notice] Maintenance at 2am',
    );
  });

  it('no message is no text; an unknown type says so', () => {
    expect(summarizeMessage(null, en)).toBe('');
    expect(summarizeMessage(message({ contentType: 999, textElem: undefined }), en)).toBe(
      '[Unsupported message]',
    );
  });
});

describe('conversation preview', () => {
  it('a draft shows with the [Draft] prefix instead of the last message', () => {
    const item = conversation({ draftText: 'half a thought', latestMsg: message() });
    expect(conversationPreview(item, en)).toEqual({ prefix: '[Draft]', text: 'half a thought' });
    expect(conversationPreview(item, zh).prefix).toBe('[草稿]');
  });

  it('without a draft, the last message summary', () => {
    const item = conversation({ latestMsg: message({ textElem: { content: 'hi there' } }) });
    expect(conversationPreview(item, en)).toEqual({ prefix: '', text: 'hi there' });
  });
});
