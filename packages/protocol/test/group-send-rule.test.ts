import { describe, expect, it } from 'vitest';
import { ErrCode, GroupStatus, RoleLevel } from '../src/index.ts';
import { groupSendBlock, groupSendBlockForCode } from '../src/group-send-rule.ts';
import type { GroupSendState } from '../src/group-send-rule.ts';

const NOW = 1_000_000;
const state = (fields: Partial<GroupSendState>): GroupSendState => ({
  isMember: true,
  group: { status: GroupStatus.Normal },
  self: { roleLevel: RoleLevel.Member, muteEndTime: 0 },
  now: NOW,
  ...fields,
});

/** The composer and the send policy in a group: left, disbanded, banned, muted, all muted (docs/api.md order). */
describe('group send rule', () => {
  it('a member of a normal group may send; unknown state blocks nothing yet', () => {
    expect(groupSendBlock(state({}))).toBeNull();
    expect(groupSendBlock(state({ isMember: undefined, group: undefined, self: undefined }))).toBeNull();
  });

  it('left or removed: "left the group", whatever else is known', () => {
    expect(groupSendBlock(state({ isMember: false }))).toBe('leftGroup');
    expect(groupSendBlock(state({ isMember: false, group: undefined }))).toBe('leftGroup');
  });

  it('disbanded and banned come before any mute', () => {
    const muted = { roleLevel: RoleLevel.Member, muteEndTime: NOW + 1 };
    expect(groupSendBlock(state({ group: { status: GroupStatus.Dismissed }, self: muted }))).toBe(
      'groupDismissed',
    );
    expect(groupSendBlock(state({ group: { status: GroupStatus.Banned }, self: muted }))).toBe('groupBanned');
  });

  it('muted until a time still to come, admins too; not once it has passed', () => {
    expect(groupSendBlock(state({ self: { roleLevel: RoleLevel.Admin, muteEndTime: NOW + 60_000 } }))).toBe(
      'muted',
    );
    expect(groupSendBlock(state({ self: { roleLevel: RoleLevel.Member, muteEndTime: NOW } }))).toBeNull();
  });

  it('all muted blocks ordinary members only, once the role is known', () => {
    const group = { status: GroupStatus.Muted };
    expect(groupSendBlock(state({ group }))).toBe('allMuted');
    expect(groupSendBlock(state({ group, self: { roleLevel: RoleLevel.Admin, muteEndTime: 0 } }))).toBeNull();
    expect(groupSendBlock(state({ group, self: { roleLevel: RoleLevel.Owner, muteEndTime: 0 } }))).toBeNull();
    expect(groupSendBlock(state({ group, self: undefined }))).toBeNull();
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
});
