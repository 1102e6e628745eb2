import { describe, expect, it } from 'vitest';
import { ErrCode, GroupStatus, RoleLevel } from '@im/protocol';
import { groupSendBlockForCode, groupSendBlockForState } from '../src/utils/group-send-block';
import type { GroupSendState } from '../src/utils/group-send-block';
import { sendBlockPlaceholder } from '../src/utils/send-block';
import { translator } from './translate';

const NOW = 1_000_000;
const state = (fields: Partial<GroupSendState>): GroupSendState => ({
  isMember: true,
  group: { status: GroupStatus.Normal },
  self: { roleLevel: RoleLevel.Member, muteEndTime: 0 },
  now: NOW,
  ...fields,
});

/**
 * The composer in a group (docs/product.md#composer): left, all muted, disbanded, banned, muted
 * (docs/api.md order).
 */
describe('group composer state', () => {
  it('a member of a normal group may send; unknown state blocks nothing yet', () => {
    expect(groupSendBlockForState(state({}))).toBeNull();
    expect(
      groupSendBlockForState(state({ isMember: undefined, group: undefined, self: undefined })),
    ).toBeNull();
  });

  it('left or removed: "left the group", whatever else is known', () => {
    expect(groupSendBlockForState(state({ isMember: false }))).toBe('leftGroup');
    expect(groupSendBlockForState(state({ isMember: false, group: undefined }))).toBe('leftGroup');
  });

  it('disbanded and banned come before any mute', () => {
    const muted = { roleLevel: RoleLevel.Member, muteEndTime: NOW + 1 };
    expect(groupSendBlockForState(state({ group: { status: GroupStatus.Dismissed }, self: muted }))).toBe(
      'groupDismissed',
    );
    expect(groupSendBlockForState(state({ group: { status: GroupStatus.Banned }, self: muted }))).toBe(
      'groupBanned',
    );
  });

  it('muted until a time still to come, admins too; not once it has passed', () => {
    expect(
      groupSendBlockForState(state({ self: { roleLevel: RoleLevel.Admin, muteEndTime: NOW + 60_000 } })),
    ).toBe('muted');
    expect(
      groupSendBlockForState(state({ self: { roleLevel: RoleLevel.Member, muteEndTime: NOW } })),
    ).toBeNull();
  });

  it('all muted blocks ordinary members only, once the role is known', () => {
    const group = { status: GroupStatus.Muted };
    expect(groupSendBlockForState(state({ group }))).toBe('allMuted');
    expect(
      groupSendBlockForState(state({ group, self: { roleLevel: RoleLevel.Admin, muteEndTime: 0 } })),
    ).toBeNull();
    expect(
      groupSendBlockForState(state({ group, self: { roleLevel: RoleLevel.Owner, muteEndTime: 0 } })),
    ).toBeNull();
    expect(groupSendBlockForState(state({ group, self: undefined }))).toBeNull();
  });

  it('refused sends: 1004 left, 1401 all muted, 1402 muted, 1403 disbanded, 1404 banned', () => {
    expect(groupSendBlockForCode(ErrCode.NOT_FOUND)).toBe('leftGroup');
    expect(groupSendBlockForCode(ErrCode.GROUP_MUTED)).toBe('allMuted');
    expect(groupSendBlockForCode(ErrCode.GROUP_MEMBER_MUTED)).toBe('muted');
    expect(groupSendBlockForCode(ErrCode.GROUP_DISMISSED)).toBe('groupDismissed');
    expect(groupSendBlockForCode(ErrCode.GROUP_BANNED)).toBe('groupBanned');
    for (const code of [0, -1, 1001, 1002, 1301, 1405, 1408])
      expect(groupSendBlockForCode(code), String(code)).toBeNull();
  });

  it('each reason has its placeholder in both languages', () => {
    const en = translator('en');
    const zh = translator('zh-CN');
    const texts = {
      leftGroup: ['You are no longer in this group', '你已不在该群聊中'],
      allMuted: ['All members are muted', '全体禁言中'],
      groupDismissed: ['The group has been disbanded', '该群已解散'],
      groupBanned: ['The group has been banned', '该群已被封禁'],
      muted: ['You have been muted', '你已被禁言'],
    } as const;
    for (const [block, [english, chinese]] of Object.entries(texts)) {
      const key = sendBlockPlaceholder[block as keyof typeof texts];
      expect(en(key)).toBe(english);
      expect(zh(key)).toBe(chinese);
    }
  });
});
