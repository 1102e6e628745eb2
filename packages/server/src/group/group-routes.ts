import {
  changeGroupMemberMuteSchema,
  changeGroupMuteSchema,
  createGroupSchema,
  groupApplicationListSchema,
  groupIDsSchema,
  groupMemberListSchema,
  groupMembersInfoSchema,
  groupOnlySchema,
  GroupPath,
  groupUsersSchema,
  joinedGroupListSchema,
  joinGroupSchema,
  respondGroupApplicationSchema,
  searchGroupSchema,
  setGroupInfoSchema,
  setGroupMemberNicknameSchema,
  setGroupMemberRoleSchema,
  transferGroupSchema,
} from '@im/protocol';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import { createGroup } from './group-create.ts';
import type { Groups } from './groups.ts';

/** The group calls of the IM API (prefix /api, IM token); protocol/src/group-api.ts has the table. */
export function groupRoutes(app: FastifyInstance, groups: Groups): void {
  const { reads, membership, applications, settings, members } = groups;
  const route = <T>(path: string, handler: (userID: string, body: unknown) => Promise<T>) =>
    app.post(path, async (req) => ok(await handler(req.auth.userID, req.body)));

  route(GroupPath.createGroup, (me, body) => createGroup(groups.deps, me, parse(createGroupSchema, body)));
  route(GroupPath.getGroupsInfo, async (me, body) => ({
    groups: await reads.groupsInfo(me, parse(groupIDsSchema, body).groupIDs),
  }));
  route(GroupPath.getJoinedGroupList, (me, body) =>
    reads.joinedGroups(me, parse(joinedGroupListSchema, body)),
  );
  route(GroupPath.getGroupMemberList, (me, body) => reads.memberList(me, parse(groupMemberListSchema, body)));
  route(GroupPath.getGroupMembersInfo, async (me, body) => {
    const { groupID, userIDList } = parse(groupMembersInfoSchema, body);
    return { members: await reads.membersInfo(me, groupID, userIDList) };
  });
  route(GroupPath.searchGroup, async (_me, body) => ({
    groups: await reads.search(parse(searchGroupSchema, body).keyword),
  }));
  route(GroupPath.joinGroup, (me, body) => applications.join(me, parse(joinGroupSchema, body)));
  route(GroupPath.inviteUserToGroup, (me, body) => membership.invite(me, parse(groupUsersSchema, body)));
  route(GroupPath.kickGroupMember, (me, body) => membership.kick(me, parse(groupUsersSchema, body)));
  route(GroupPath.quitGroup, (me, body) => membership.quit(me, parse(groupOnlySchema, body).groupID));
  route(GroupPath.dismissGroup, (me, body) => settings.dismiss(me, parse(groupOnlySchema, body).groupID));
  route(GroupPath.transferGroupOwner, (me, body) => settings.transfer(me, parse(transferGroupSchema, body)));
  route(GroupPath.setGroupInfo, (me, body) => settings.setInfo(me, parse(setGroupInfoSchema, body)));
  route(GroupPath.changeGroupMute, (me, body) => {
    const { groupID, isMute } = parse(changeGroupMuteSchema, body);
    return settings.setMuted(me, groupID, isMute);
  });
  route(GroupPath.setGroupMemberNickname, (me, body) =>
    members.setNickname(me, parse(setGroupMemberNicknameSchema, body)),
  );
  route(GroupPath.setGroupMemberRoleLevel, (me, body) =>
    members.setRole(me, parse(setGroupMemberRoleSchema, body)),
  );
  route(GroupPath.changeGroupMemberMute, (me, body) =>
    members.setMute(me, parse(changeGroupMemberMuteSchema, body)),
  );
  route(GroupPath.respondGroupApplication, (me, body) =>
    applications.respond(me, parse(respondGroupApplicationSchema, body)),
  );
  route(GroupPath.getApplicationsAsRecipient, (me, body) =>
    applications.list(me, 'recipient', parse(groupApplicationListSchema, body)),
  );
  route(GroupPath.getApplicationsAsApplicant, (me, body) =>
    applications.list(me, 'applicant', parse(groupApplicationListSchema, body)),
  );
}
