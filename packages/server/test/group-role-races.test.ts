import { describe, expect, it } from 'vitest';
import { ContentType, ErrCode, groupConversationID, GroupPath, ImPath, RoleLevel } from '@im/protocol';
import type { GroupMemberListResp, GroupsInfoResp, HistoryResp } from '@im/protocol';
import { api } from './support/friends.ts';
import { befriendAll, createGroup, groupCall, makeAdmin } from './support/groups.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/**
 * Group roles are decided inside the change's transaction (docs/operations.md#group-changes): two
 * changes that each were allowed when asked cannot both commit when the first takes away the
 * second's right. Each case races real requests many times; on the old code both went through.
 */
describe.each(databases)('group role races on %s', (database) => {
  const { server } = useSuiteServer({ database });
  const ROUNDS = 6;

  async function team(count: number) {
    const users = await Promise.all(
      Array.from({ length: count }, (_, i) => registerUser(server, { nickname: `u${i}` })),
    );
    await befriendAll(server, users);
    return users;
  }

  it('concurrent ownership transfers leave exactly one owner, the group’s ownerUserID; the others answer 1002', async () => {
    const [owner, ...heirs] = await team(4);
    for (let round = 0; round < ROUNDS; round += 1) {
      const { groupID } = await createGroup(server, owner, heirs);
      const answers = await Promise.all(
        heirs.map((heir) =>
          api(server, owner, GroupPath.transferGroupOwner, { groupID, newOwnerUserID: heir.userID }),
        ),
      );
      const codes = answers.map((a) => a.errCode).sort();
      expect(codes).toEqual([0, ErrCode.NO_PERMISSION, ErrCode.NO_PERMISSION]);
      const winner = heirs[answers.findIndex((a) => a.errCode === 0)];
      const { members } = await groupCall<GroupMemberListResp>(server, winner, GroupPath.getGroupMemberList, {
        groupID,
      });
      const owners = members.filter((m) => m.roleLevel === RoleLevel.Owner).map((m) => m.userID);
      expect(owners).toEqual([winner.userID]);
      const { groups } = await groupCall<GroupsInfoResp>(server, winner, GroupPath.getGroupsInfo, {
        groupIDs: [groupID],
      });
      expect(groups[0].ownerUserID).toBe(winner.userID);
    }
  });

  it('a kick racing the kicker’s demotion commits only if it came first; otherwise 1002 and the member stays', async () => {
    const [owner, admin, ...members] = await team(2 + ROUNDS);
    let refused = 0;
    for (const victim of members) {
      const { groupID } = await createGroup(server, owner, [admin, ...members]);
      await makeAdmin(server, owner, groupID, admin);
      const [demoted, kicked] = await Promise.all([
        api(server, owner, GroupPath.setGroupMemberRoleLevel, {
          groupID,
          userID: admin.userID,
          roleLevel: RoleLevel.Member,
        }),
        api(server, admin, GroupPath.kickGroupMember, { groupID, userIDList: [victim.userID] }),
      ]);
      expect(demoted.errCode).toBe(0);
      const history = await groupCall<HistoryResp>(server, owner, ImPath.getHistory, {
        conversationID: groupConversationID(groupID),
        count: 100,
      });
      const seqOf = (type: number) => history.messages.find((m) => m.contentType === type)?.seq;
      const demotionSeq = seqOf(ContentType.GroupMemberSetToOrdinary)!;
      const kickSeq = seqOf(ContentType.MemberKicked);
      const stillThere = await api<GroupMemberListResp>(server, victim, GroupPath.getGroupMemberList, {
        groupID,
      });
      if (kicked.errCode === 0) {
        // Allowed only when the kick was stored before the demotion.
        expect(kickSeq).toBeLessThan(demotionSeq);
        expect(stillThere.errCode).toBe(ErrCode.NOT_FOUND);
      } else {
        refused += 1;
        expect(kicked.errCode).toBe(ErrCode.NO_PERMISSION);
        expect(kickSeq).toBeUndefined();
        expect(stillThere.errCode).toBe(0);
      }
    }
    // The race is real: at least once the demotion won.
    expect(refused).toBeGreaterThan(0);
  });
});
