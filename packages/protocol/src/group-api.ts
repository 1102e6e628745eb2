/**
 * The group calls of the IM API (prefix /api, `token` header = the IM token), POST JSON with the usual
 * envelope. The server validates each body with the schema named beside the path; the sdk types its
 * calls with the same schemas. The caller is always the token's user. docs/api.md "Groups" has the
 * rules (who may do what, the codes, the notifications each call stores).
 *
 * | path | body | data of the answer |
 * | --- | --- | --- |
 * | createGroup | `{ groupName, faceURL?, memberUserIDs (the creator's friends), introduction?, notification?, needVerification?, lookMemberInfo?, applyMemberFriend?, groupType? }` | `GroupInfo`; the creator is the owner |
 * | getGroupsInfo | `{ groupIDs }` | `{ groups: GroupInfo[] }`: the caller's groups among the ids (others left out) |
 * | getJoinedGroupList | `{ offset, count ≤ 1000 }` | `{ groups, total }`, oldest joined first; dismissed groups left out |
 * | getGroupMemberList | `{ groupID, offset, count ≤ 1000 }` | `{ members: GroupMemberInfo[], total }`: owner, admins, then members by join time |
 * | getGroupMembersInfo | `{ groupID, userIDList }` | `{ members }` (non-members left out) |
 * | searchGroup | `{ keyword }` (the exact group ID) | `{ groups: PublicGroupCard[] }` (0 or 1) |
 * | joinGroup | `{ groupID, reqMsg?, joinSource? (3 search, 4 QR) }` | `JoinGroupResp` |
 * | inviteUserToGroup | `{ groupID, userIDList, reason? }` | `InviteUserToGroupResp` |
 * | kickGroupMember | `{ groupID, userIDList, reason? }` | nothing |
 * | quitGroup / dismissGroup | `{ groupID }` | nothing |
 * | transferGroupOwner | `{ groupID, newOwnerUserID }` | nothing |
 * | setGroupInfo | `{ groupID, groupName?, faceURL?, notification?, introduction?, needVerification?, lookMemberInfo?, applyMemberFriend? }` | the updated `GroupInfo` |
 * | setGroupMemberNickname | `{ groupID, userID, groupNickname }` ('' clears) | the updated `GroupMemberInfo` |
 * | setGroupMemberRoleLevel | `{ groupID, userID, roleLevel: 60 \| 20 }` | the updated `GroupMemberInfo` |
 * | changeGroupMemberMute | `{ groupID, userID, mutedSeconds }` (0 unmutes) | the updated `GroupMemberInfo` |
 * | changeGroupMute | `{ groupID, isMute }` | the updated `GroupInfo` (status 3 or 0) |
 * | respondGroupApplication | `{ groupID, fromUserID, handleResult: 1 \| -1, handleMsg? }` | the handled `GroupApplication` |
 * | getApplicationsAsRecipient | `{ offset, count }` | `{ applications, total }`: every application to a group the caller owns or administers, newest first |
 * | getApplicationsAsApplicant | `{ offset, count }` | `{ applications, total }`: the caller's own, newest first |
 */
import { z } from 'zod';
import {
  FRIEND_REQ_MSG_MAX,
  GROUP_ANNOUNCEMENT_MAX,
  GROUP_BATCH_MAX,
  GROUP_INTRODUCTION_MAX,
  GROUP_NAME_MAX,
  GROUP_PAGE_SIZE,
  MUTE_SECONDS_MAX,
  NICKNAME_MAX,
} from './constants.ts';
import { GroupVerification, HandleResult, RoleLevel } from './content-types.ts';
import { applicationListSchema } from './friend-api.ts';
import { JoinSource } from './group.ts';
import type { GroupApplication, GroupInfo, GroupMemberInfo, PublicGroupCard } from './group.ts';
import { faceURLSchema } from './object-api.ts';
import { userIDSchema } from './user.ts';

export const groupIDSchema = z.string().min(1).max(64);
const groupName = z.string().trim().min(1).max(GROUP_NAME_MAX);
const faceURL = faceURLSchema;
const introduction = z.string().trim().max(GROUP_INTRODUCTION_MAX);
const announcement = z.string().trim().max(GROUP_ANNOUNCEMENT_MAX);
const verification = z.union([
  z.literal(GroupVerification.ApplyNeedInviteNot),
  z.literal(GroupVerification.AllNeed),
  z.literal(GroupVerification.Direct),
]);
/** lookMemberInfo and applyMemberFriend: 0 allowed, 1 not allowed. */
const flag = z.union([z.literal(0), z.literal(1)]);
const userIDList = z.array(userIDSchema).min(1).max(GROUP_BATCH_MAX);
const reason = z.string().trim().max(FRIEND_REQ_MSG_MAX).default('');

export const createGroupSchema = z.object({
  groupName,
  faceURL: faceURL.default(''),
  memberUserIDs: z.array(userIDSchema).max(GROUP_BATCH_MAX).default([]),
  introduction: introduction.default(''),
  notification: announcement.default(''),
  needVerification: verification.default(GroupVerification.ApplyNeedInviteNot),
  lookMemberInfo: flag.default(0),
  applyMemberFriend: flag.default(0),
  groupType: z.number().int().min(0).max(100).default(0),
});

export const groupIDsSchema = z.object({ groupIDs: z.array(groupIDSchema).min(1).max(1000) });

export const joinedGroupListSchema = z.object({
  offset: z.number().int().min(0).default(0),
  count: z.number().int().min(1).max(GROUP_PAGE_SIZE).default(GROUP_PAGE_SIZE),
});

export const groupMemberListSchema = z.object({
  groupID: groupIDSchema,
  offset: z.number().int().min(0).default(0),
  count: z.number().int().min(1).max(1000).default(1000),
});

export const groupMembersInfoSchema = z.object({ groupID: groupIDSchema, userIDList });

export const searchGroupSchema = z.object({ keyword: z.string().trim().min(1).max(64) });

export const joinGroupSchema = z.object({
  groupID: groupIDSchema,
  reqMsg: reason,
  joinSource: z
    .union([z.literal(JoinSource.Search), z.literal(JoinSource.QRCode)])
    .default(JoinSource.Search),
});

export const groupUsersSchema = z.object({ groupID: groupIDSchema, userIDList, reason });

export const groupOnlySchema = z.object({ groupID: groupIDSchema });

export const transferGroupSchema = z.object({ groupID: groupIDSchema, newOwnerUserID: userIDSchema });

export const setGroupInfoSchema = z
  .object({
    groupID: groupIDSchema,
    groupName: groupName.optional(),
    faceURL: faceURL.optional(),
    notification: announcement.optional(),
    introduction: introduction.optional(),
    needVerification: verification.optional(),
    lookMemberInfo: flag.optional(),
    applyMemberFriend: flag.optional(),
  })
  .refine((req) => Object.keys(req).some((key) => key !== 'groupID'), {
    message: 'nothing to change',
  });

export const setGroupMemberNicknameSchema = z.object({
  groupID: groupIDSchema,
  userID: userIDSchema,
  groupNickname: z.string().trim().max(NICKNAME_MAX),
});

export const setGroupMemberRoleSchema = z.object({
  groupID: groupIDSchema,
  userID: userIDSchema,
  roleLevel: z.union([z.literal(RoleLevel.Admin), z.literal(RoleLevel.Member)]),
});

export const changeGroupMemberMuteSchema = z.object({
  groupID: groupIDSchema,
  userID: userIDSchema,
  mutedSeconds: z.number().int().min(0).max(MUTE_SECONDS_MAX),
});

export const changeGroupMuteSchema = z.object({ groupID: groupIDSchema, isMute: z.boolean() });

export const respondGroupApplicationSchema = z.object({
  groupID: groupIDSchema,
  fromUserID: userIDSchema,
  handleResult: z.union([z.literal(HandleResult.Approved), z.literal(HandleResult.Rejected)]),
  handleMsg: reason,
});

export const groupApplicationListSchema = applicationListSchema;

export type CreateGroupReq = z.input<typeof createGroupSchema>;
export type JoinGroupReq = z.input<typeof joinGroupSchema>;
export type GroupUsersReq = z.input<typeof groupUsersSchema>;
export type SetGroupInfoReq = z.input<typeof setGroupInfoSchema>;
export type SetGroupMemberNicknameReq = z.input<typeof setGroupMemberNicknameSchema>;
export type SetGroupMemberRoleReq = z.input<typeof setGroupMemberRoleSchema>;
export type ChangeGroupMemberMuteReq = z.input<typeof changeGroupMemberMuteSchema>;
export type RespondGroupApplicationReq = z.input<typeof respondGroupApplicationSchema>;

export interface GroupsInfoResp {
  groups: GroupInfo[];
}

export interface JoinedGroupListResp {
  groups: GroupInfo[];
  total: number;
}

export interface GroupMemberListResp {
  members: GroupMemberInfo[];
  total: number;
}

export interface GroupMembersInfoResp {
  members: GroupMemberInfo[];
}

export interface SearchGroupResp {
  groups: PublicGroupCard[];
}

/** joinGroup: in at once (verification 2), or a pending application (0 and 1). */
export interface JoinGroupResp {
  joined: boolean;
  application: GroupApplication | null;
}

/** inviteUserToGroup: who joined at once, and the applications made for the others (verification 1). */
export interface InviteUserToGroupResp {
  joinedUserIDs: string[];
  applications: GroupApplication[];
}

export interface GroupApplicationsResp {
  applications: GroupApplication[];
  total: number;
}
