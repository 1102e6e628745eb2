import { GroupPath } from '@im/protocol';
import type {
  ChangeGroupMemberMuteReq,
  CreateGroupReq,
  GroupApplication,
  GroupApplicationsResp,
  GroupInfo,
  GroupMemberInfo,
  GroupMemberListResp,
  GroupMembersInfoResp,
  GroupsInfoResp,
  GroupUsersReq,
  InviteUserToGroupResp,
  JoinedGroupListResp,
  JoinGroupReq,
  JoinGroupResp,
  RespondGroupApplicationReq,
  SearchGroupResp,
  SetGroupInfoReq,
  SetGroupMemberNicknameReq,
  SetGroupMemberRoleReq,
} from '@im/protocol';
import type { HttpClient } from '../http-client.ts';

/** The group calls of the IM API (prefix /api, IM token), as protocol/src/group-api.ts lists them. */
export function createGroupApi(api: HttpClient) {
  return {
    create: (req: CreateGroupReq) => api.post<GroupInfo>(GroupPath.createGroup, req),
    groupsInfo: async (groupIDs: string[]) =>
      (await api.post<GroupsInfoResp>(GroupPath.getGroupsInfo, { groupIDs })).groups ?? [],
    joinedList: (offset: number, count: number) =>
      api.post<JoinedGroupListResp>(GroupPath.getJoinedGroupList, { offset, count }),
    memberList: (groupID: string, offset: number, count: number) =>
      api.post<GroupMemberListResp>(GroupPath.getGroupMemberList, { groupID, offset, count }),
    membersInfo: async (groupID: string, userIDList: string[]) =>
      (await api.post<GroupMembersInfoResp>(GroupPath.getGroupMembersInfo, { groupID, userIDList }))
        .members ?? [],
    search: async (keyword: string) =>
      (await api.post<SearchGroupResp>(GroupPath.searchGroup, { keyword })).groups ?? [],
    join: (req: JoinGroupReq) => api.post<JoinGroupResp>(GroupPath.joinGroup, req),
    invite: (req: GroupUsersReq) => api.post<InviteUserToGroupResp>(GroupPath.inviteUserToGroup, req),
    kick: (req: GroupUsersReq) => api.post<void>(GroupPath.kickGroupMember, req),
    quit: (groupID: string) => api.post<void>(GroupPath.quitGroup, { groupID }),
    dismiss: (groupID: string) => api.post<void>(GroupPath.dismissGroup, { groupID }),
    transfer: (groupID: string, newOwnerUserID: string) =>
      api.post<void>(GroupPath.transferGroupOwner, { groupID, newOwnerUserID }),
    setInfo: (req: SetGroupInfoReq) => api.post<GroupInfo>(GroupPath.setGroupInfo, req),
    setMemberNickname: (req: SetGroupMemberNicknameReq) =>
      api.post<GroupMemberInfo>(GroupPath.setGroupMemberNickname, req),
    setMemberRole: (req: SetGroupMemberRoleReq) =>
      api.post<GroupMemberInfo>(GroupPath.setGroupMemberRoleLevel, req),
    setMemberMute: (req: ChangeGroupMemberMuteReq) =>
      api.post<GroupMemberInfo>(GroupPath.changeGroupMemberMute, req),
    setMute: (groupID: string, isMute: boolean) =>
      api.post<GroupInfo>(GroupPath.changeGroupMute, { groupID, isMute }),
    respond: (req: RespondGroupApplicationReq) =>
      api.post<GroupApplication>(GroupPath.respondGroupApplication, req),
    applicationsAsRecipient: (offset: number, count: number) =>
      api.post<GroupApplicationsResp>(GroupPath.getApplicationsAsRecipient, { offset, count }),
    applicationsAsApplicant: (offset: number, count: number) =>
      api.post<GroupApplicationsResp>(GroupPath.getApplicationsAsApplicant, { offset, count }),
  };
}

export type GroupApi = ReturnType<typeof createGroupApi>;
