import { describe, expect, it } from 'vitest';
import { RoleLevel } from '@im/protocol';
import { canAddMemberFriend, canViewMember, memberActions, sortMembers } from '../src/utils/group-roles';
import { parseQrPayload, qrTargetPath } from '../src/utils/qr-payload';
import { paths } from '../src/router/paths';
import { group, member } from './group-fixtures';

const NOW = 1000;
const owner = { userID: 'alice', roleLevel: RoleLevel.Owner };
const admin = { userID: 'bob', roleLevel: RoleLevel.Admin };
const plain = { userID: 'carl', roleLevel: RoleLevel.Member };

/**
 * Who may do what to whom on the member list (docs/product.md#roles-and-permissions; the server's
 * group-auth rules).
 */
describe('group roles', () => {
  it('the owner mutes, removes and sets or removes admins of anyone but themself', () => {
    expect(memberActions(group(), owner, member({ userID: 'bob', roleLevel: RoleLevel.Admin }), NOW)).toEqual(
      ['profile', 'mute', 'kick', 'unsetAdmin'],
    );
    expect(memberActions(group(), owner, member({ userID: 'carl', muteEndTime: NOW + 1 }), NOW)).toEqual([
      'profile',
      'unmute',
      'kick',
      'setAdmin',
    ]);
    expect(
      memberActions(group(), owner, member({ userID: 'alice', roleLevel: RoleLevel.Owner }), NOW),
    ).toEqual(['profile']);
  });

  it('an admin manages ordinary members only and never roles; a member manages nobody', () => {
    expect(memberActions(group(), admin, member({ userID: 'carl' }), NOW)).toEqual([
      'profile',
      'mute',
      'kick',
    ]);
    expect(memberActions(group(), admin, member({ userID: 'dan', roleLevel: RoleLevel.Admin }), NOW)).toEqual(
      ['profile'],
    );
    expect(
      memberActions(group(), admin, member({ userID: 'alice', roleLevel: RoleLevel.Owner }), NOW),
    ).toEqual(['profile']);
    expect(memberActions(group(), plain, member({ userID: 'dan' }), NOW)).toEqual(['profile']);
  });

  it('lookMemberInfo 1 hides cards from ordinary members; applyMemberFriend 1 hides "Add friend"', () => {
    const closed = group({ lookMemberInfo: 1, applyMemberFriend: 1 });
    expect(memberActions(closed, plain, member({ userID: 'dan' }), NOW)).toEqual([]);
    expect(canViewMember(closed, RoleLevel.Member)).toBe(false);
    expect(canViewMember(closed, RoleLevel.Admin)).toBe(true);
    expect(canViewMember(group(), RoleLevel.Member)).toBe(true);
    expect(canAddMemberFriend(closed, RoleLevel.Member)).toBe(false);
    expect(canAddMemberFriend(closed, RoleLevel.Owner)).toBe(true);
    expect(canAddMemberFriend(group(), RoleLevel.Member)).toBe(true);
  });

  it('members read owner, admins, then by join time', () => {
    const list = sortMembers([
      member({ userID: 'm2', joinTime: 5 }),
      member({ userID: 'a1', roleLevel: RoleLevel.Admin, joinTime: 9 }),
      member({ userID: 'o', roleLevel: RoleLevel.Owner, joinTime: 1 }),
      member({ userID: 'm1', joinTime: 2 }),
    ]);
    expect(list.map((m) => m.userID)).toEqual(['o', 'a1', 'm1', 'm2']);
  });

  it('a scanned group QR code opens its card, marked as scanned (joinSource 4)', () => {
    const target = parseQrPayload('https://im.example.com/groupCard?groupID=g-1');
    expect(target && qrTargetPath(target, { scanned: true })).toBe('/groupCard?groupID=g-1&isScan=true');
    expect(paths.groupCard({ groupID: 'g1' })).toBe('/groupCard?groupID=g1');
  });
});
