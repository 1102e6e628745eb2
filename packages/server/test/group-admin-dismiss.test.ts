import { describe, expect, it } from 'vitest';
import {
  ContentType,
  ErrCode,
  groupConversationID,
  GroupPath,
  GroupStatus,
  ImPath,
  parseGroupNotificationDetail,
  RoleLevel,
} from '@im/protocol';
import type { GroupsInfoResp, HistoryResp } from '@im/protocol';
import { api } from './support/friends.ts';
import { createTeam, groupCall } from './support/groups.ts';
import { databases } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/**
 * Owner and admins disband a group; transfer and admin roles stay the owner's alone
 * (docs/product.md#roles-and-permissions).
 */
describe.each(databases)('an admin disbands a group on %s', (database) => {
  const { server } = useSuiteServer({ database });

  it("keeps the owner's powers from the admin, then lets the admin disband with a 1511 notice naming them", async () => {
    const { users, groupID } = await createTeam(server, ['Olga', 'Adam', 'Mia']);
    const [owner, admin, member] = users;

    const ownerOnly: [string, Record<string, unknown>][] = [
      [GroupPath.transferGroupOwner, { groupID, newOwnerUserID: member.userID }],
      [GroupPath.setGroupMemberRoleLevel, { groupID, userID: member.userID, roleLevel: RoleLevel.Admin }],
    ];
    for (const [path, body] of ownerOnly)
      expect((await api(server, admin, path, body)).errCode, path).toBe(ErrCode.NO_PERMISSION);
    const byMember = await api(server, member, GroupPath.dismissGroup, { groupID });
    expect(byMember.errCode).toBe(ErrCode.NO_PERMISSION);

    await groupCall(server, admin, GroupPath.dismissGroup, { groupID });

    const [info] = (
      await groupCall<GroupsInfoResp>(server, owner, GroupPath.getGroupsInfo, { groupIDs: [groupID] })
    ).groups;
    expect(info.status).toBe(GroupStatus.Dismissed);
    const { messages } = await groupCall<HistoryResp>(server, member, ImPath.getHistory, {
      conversationID: groupConversationID(groupID),
    });
    const last = messages[messages.length - 1];
    expect(last.contentType).toBe(ContentType.GroupDismissed);
    expect(parseGroupNotificationDetail(last.notificationElem?.detail)?.opUser).toMatchObject({
      userID: admin.userID,
      nickname: 'Adam',
    });
    // Disbanded is read-only for the admin too: a second dismiss is refused and changes nothing.
    expect((await api(server, admin, GroupPath.dismissGroup, { groupID })).errCode).toBe(
      ErrCode.GROUP_DISMISSED,
    );
  });
});
