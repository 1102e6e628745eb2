import { describe, expect, it } from 'vitest';
import { ContentType } from '@im/protocol';
import { summarizeMessage } from '../src/utils/message-summary';
import { groupNotice } from './group-fixtures';
import { translator } from './translate';

const en = { selfID: 'alice', t: translator('en') };
const zh = { selfID: 'alice', t: translator('zh-CN') };
const u = (userID: string, nickname: string) => ({ userID, nickname, faceURL: '' });
const me = u('alice', 'Alice');
const bob = u('bob', 'Bob');
const carl = u('carl', 'Carl');

/**
 * Each group notification 1501-1520 as the chat's notice line, in both languages
 * (docs/product.md#limits-and-constants, docs/product.md#roles-and-permissions).
 */
describe('group notification texts', () => {
  const cases: [string, number, object, string, string][] = [
    [
      'created',
      ContentType.GroupCreated,
      { opUser: bob, memberList: [bob, me] },
      'Bob created the group',
      'Bob 创建了群聊',
    ],
    [
      'info updated',
      ContentType.GroupInfoUpdated,
      { opUser: bob, changed: ['faceURL'] },
      'Bob updated the group information',
      'Bob 修改了群资料',
    ],
    ['quit', ContentType.MemberQuit, { quitUser: carl }, 'Carl left the group', 'Carl 退出了群聊'],
    [
      'transferred',
      ContentType.GroupOwnerTransferred,
      { opUser: bob, newGroupOwner: carl },
      'Bob transferred the group to Carl',
      'Bob 将群主转让给了 Carl',
    ],
    [
      'kicked',
      ContentType.MemberKicked,
      { opUser: bob, kickedUserList: [carl] },
      'Bob removed Carl from the group',
      'Bob 将 Carl 移出了群聊',
    ],
    [
      'invited',
      ContentType.MemberInvited,
      { opUser: bob, invitedUserList: [carl] },
      'Bob invited Carl to the group',
      'Bob 邀请 Carl 加入了群聊',
    ],
    [
      'entered',
      ContentType.MemberEnter,
      { entrantUser: carl, opUser: bob },
      'Carl joined the group',
      'Carl 加入了群聊',
    ],
    ['dismissed', ContentType.GroupDismissed, { opUser: bob }, 'Bob dismissed the group', 'Bob 解散了群聊'],
    [
      'member muted',
      ContentType.GroupMemberMuted,
      { opUser: bob, mutedUser: carl, mutedSeconds: 3600, muteTime: 9e12 },
      'Bob muted Carl for 1 h',
      'Bob 将 Carl 禁言 1 小时',
    ],
    [
      'member unmuted',
      ContentType.GroupMemberCancelMuted,
      { opUser: bob, mutedUser: carl },
      'Bob unmuted Carl',
      'Bob 取消了 Carl 的禁言',
    ],
    ['all muted', ContentType.GroupMuted, { opUser: bob }, 'Bob muted all members', 'Bob 开启了全体禁言'],
    [
      'all unmuted',
      ContentType.GroupCancelMuted,
      { opUser: bob },
      'Bob unmuted all members',
      'Bob 关闭了全体禁言',
    ],
    [
      'member info set',
      ContentType.GroupMemberInfoSet,
      { opUser: bob, changedUser: carl },
      'Bob updated the member information of Carl',
      'Bob 修改了 Carl 的群成员资料',
    ],
    [
      'admin set',
      ContentType.GroupMemberSetToAdmin,
      { opUser: bob, changedUser: carl },
      'Bob made Carl an admin',
      'Bob 将 Carl 设为管理员',
    ],
    [
      'admin unset',
      ContentType.GroupMemberSetToOrdinary,
      { opUser: bob, changedUser: carl },
      'Bob removed Carl as admin',
      'Bob 取消了 Carl 的管理员',
    ],
    [
      'announcement',
      ContentType.GroupAnnouncementUpdated,
      { opUser: bob },
      'Bob updated the group announcement',
      'Bob 更新了群公告',
    ],
  ];

  for (const [what, type, detail, english, chinese] of cases) {
    it(`${type} ${what}`, () => {
      expect(summarizeMessage(groupNotice(type, detail), en)).toBe(english);
      expect(summarizeMessage(groupNotice(type, detail), zh)).toBe(chinese);
    });
  }

  it('1520 name updated names the new name from the group in the detail', () => {
    const message = groupNotice(ContentType.GroupNameUpdated, { opUser: bob }, { groupName: 'Climbers' });
    expect(summarizeMessage(message, en)).toBe('Bob changed the group name to Climbers');
    expect(summarizeMessage(message, zh)).toBe('Bob 将群名称修改为 Climbers');
  });

  it('the current user is "you", as operator and as target', () => {
    expect(summarizeMessage(groupNotice(ContentType.GroupCreated, { opUser: me }), en)).toBe(
      'You created the group',
    );
    expect(summarizeMessage(groupNotice(ContentType.GroupCreated, { opUser: me }), zh)).toBe('你 创建了群聊');
    const transfer = groupNotice(ContentType.GroupOwnerTransferred, { opUser: bob, newGroupOwner: me });
    expect(summarizeMessage(transfer, en)).toBe('Bob transferred the group to you');
    expect(summarizeMessage(groupNotice(ContentType.MemberQuit, { quitUser: me }), zh)).toBe('你 退出了群聊');
    const admin = groupNotice(ContentType.GroupMemberSetToAdmin, { opUser: me, changedUser: bob });
    expect(summarizeMessage(admin, en)).toBe('You made Bob an admin');
    const muted = groupNotice(ContentType.GroupMemberMuted, {
      opUser: bob,
      mutedUser: me,
      mutedSeconds: 600,
    });
    expect(summarizeMessage(muted, en)).toBe('Bob muted you for 10 min');
    expect(summarizeMessage(muted, zh)).toBe('Bob 将 你 禁言 10 分钟');
  });

  it('member lists show at most 3 names, then the count of the others', () => {
    const people = ['dan', 'eve', 'fay', 'gus', 'hal'].map((id) => u(id, id.toUpperCase()));
    const invited = (list: object[]) =>
      groupNotice(ContentType.MemberInvited, { opUser: me, invitedUserList: list });
    expect(summarizeMessage(invited(people.slice(0, 3)), en)).toBe('You invited DAN, EVE, FAY to the group');
    expect(summarizeMessage(invited(people), en)).toBe('You invited DAN, EVE, FAY and 2 others to the group');
    expect(summarizeMessage(invited(people), zh)).toBe('你 邀请 DAN、EVE、FAY等 2 人 加入了群聊');
    const kicked = groupNotice(ContentType.MemberKicked, { opUser: bob, kickedUserList: [me, ...people] });
    expect(summarizeMessage(kicked, en)).toBe('Bob removed you, DAN, EVE and 3 others from the group');
  });
});
