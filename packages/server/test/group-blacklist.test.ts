import { describe, expect, it } from 'vitest';
import { ErrCode, FriendPath, GroupPath, GroupVerification } from '@im/protocol';
import type { GroupMemberListResp } from '@im/protocol';
import { api } from './support/friends.ts';
import { befriendAll, createGroup, groupCall } from './support/groups.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * The blacklist holds in groups as in one-to-one sends: nobody is put into a group with a user who
 * has blocked them (1302) or whom they blocked (1306), and the refused call adds no one.
 */
describe.each(databases)('the blacklist in groups on %s', (database) => {
  const { server } = useSuiteServer({ database });

  const block = (owner: User, other: User) =>
    api(server, owner, FriendPath.addBlack, { blackUserID: other.userID });
  const count = async (table: 'groups' | 'groupMembers' | 'groupApplications') => {
    const row = await server.app.messenger.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  async function friends() {
    const users = await Promise.all(
      ['Alice', 'Bob', 'Carol'].map((nickname) => registerUser(server, { nickname })),
    );
    await befriendAll(server, users);
    return users;
  }

  it.each([
    ['blocked by the invitee', 'peer', ErrCode.BLOCKED_BY_PEER],
    ['the invitee in the creator’s blacklist', 'self', ErrCode.IN_OWN_BLACKLIST],
  ] as const)('creating a group with a user %s (%s) answers %i and creates nothing', async (_, who, code) => {
    const [alice, bob, carol] = await friends();
    if (who === 'peer') await block(bob, alice);
    else await block(alice, bob);
    const before = [await count('groups'), await count('groupMembers')];
    const answer = await api(server, alice, GroupPath.createGroup, {
      groupName: 'Trap',
      memberUserIDs: [carol.userID, bob.userID],
    });
    expect(answer.errCode).toBe(code);
    expect([await count('groups'), await count('groupMembers')]).toEqual(before);
  });

  it.each([
    ['blocked by the invitee', 'peer', ErrCode.BLOCKED_BY_PEER, GroupVerification.Direct],
    ['in the inviter’s blacklist', 'self', ErrCode.IN_OWN_BLACKLIST, GroupVerification.Direct],
    [
      'blocked by the invitee, in a group that approves invitations',
      'peer',
      ErrCode.BLOCKED_BY_PEER,
      GroupVerification.AllNeed,
    ],
  ] as const)(
    'inviting a user %s (%s) answers %i and adds no one',
    async (_, who, code, needVerification) => {
      const [alice, bob, carol] = await friends();
      const { groupID } = await createGroup(server, carol, [alice], { needVerification });
      if (who === 'peer') await block(bob, alice);
      else await block(alice, bob);
      const before = [await count('groupMembers'), await count('groupApplications')];
      const answer = await api(server, alice, GroupPath.inviteUserToGroup, {
        groupID,
        userIDList: [bob.userID],
      });
      expect(answer.errCode).toBe(code);
      expect([await count('groupMembers'), await count('groupApplications')]).toEqual(before);
      const { total } = await groupCall<GroupMemberListResp>(server, carol, GroupPath.getGroupMemberList, {
        groupID,
      });
      expect(total).toBe(2);
    },
  );
});
