/**
 * Groups (docs/product.md#group-and-member, docs/product.md#numbers) as the IM API answers them.
 * Numbers: RoleLevel (100 owner, 60 admin, 20 member), GroupVerification (0, 1, 2), GroupStatus (0
 * normal, 1 banned, 2 dismissed, 3 muted), HandleResult for applications (0 pending, 1 approved, -1
 * rejected).
 */

/** A group as its members see it. */
export interface GroupInfo {
  groupID: string;
  groupName: string;
  faceURL: string;
  /** The announcement ('' when none). */
  notification: string;
  /** Who last set the announcement, and when (ms; 0 never). */
  notificationUserID: string;
  notificationUpdateTime: number;
  introduction: string;
  ownerUserID: string;
  creatorUserID: string;
  memberCount: number;
  /** 0 normal, 1 banned, 2 dismissed, 3 muted (everyone but the owner and admins). */
  status: number;
  /** The createGroup screen's groupType (0 by default); kept and answered, no rule depends on it. */
  groupType: number;
  /** How people join (GroupVerification): 0 invitations direct, applications approved; 1 all approved; 2 anyone. */
  needVerification: number;
  /** 0 members may open other members' cards, 1 they may not (a client rule; owner and admins always may). */
  lookMemberInfo: number;
  /** 0 members may add other members as friends from the group, 1 they may not (a client rule). */
  applyMemberFriend: number;
  createTime: number;
  ex: string;
}

/**
 * What anyone who searches by the exact group ID sees: enough to decide to apply. Nothing else of a
 * group is visible to a non-member.
 */
export interface PublicGroupCard {
  groupID: string;
  groupName: string;
  faceURL: string;
  memberCount: number;
  needVerification: number;
}

/** How a member came in (OpenIM's numbers). */
export const JoinSource = { Created: 1, Invitation: 2, Search: 3, QRCode: 4 } as const;

/** One member of a group. */
export interface GroupMemberInfo {
  groupID: string;
  userID: string;
  /** The name shown in the group: the group nickname when set, else the user's nickname. */
  nickname: string;
  /** The member's own name in this group ('' when none). */
  groupNickname: string;
  faceURL: string;
  /** 100 owner, 60 admin, 20 member. */
  roleLevel: number;
  joinTime: number;
  /** JoinSource. */
  joinSource: number;
  /** Who invited them ('' when they applied or created the group). */
  inviterUserID: string;
  /** Who let them in (the inviter, the approving admin, or themself). */
  operatorUserID: string;
  /** Muted until this time (ms); 0 or a past time means not muted. */
  muteEndTime: number;
}

/**
 * A request to join a group: one per (group, user); a new one replaces the earlier. An invitation
 * that needs approval (verification 1, invited by an ordinary member) is an application too, with
 * joinSource 2 and the inviter.
 */
export interface GroupApplication {
  groupID: string;
  groupName: string;
  groupFaceURL: string;
  /** The applicant (or invitee). */
  userID: string;
  nickname: string;
  faceURL: string;
  reqMsg: string;
  joinSource: number;
  inviterUserID: string;
  /** 0 pending, 1 approved, -1 rejected. */
  handleResult: number;
  handleMsg: string;
  handleUserID: string;
  createTime: number;
  handleTime: number;
}

/** A user as group notifications name them. */
export interface GroupNoticeUser {
  userID: string;
  /** The group nickname when the user is a member and set one, else the user's nickname. */
  nickname: string;
  faceURL: string;
}

/**
 * `notificationElem.detail` (JSON) of the group notifications 1501–1520, stored in the group's
 * conversation `sg_<groupID>`. `group` is the group after the change; the other fields per type:
 *
 * | contentType | fields |
 * | --- | --- |
 * | 1501 GroupCreated | opUser (the owner), memberList (everyone, owner first) |
 * | 1502 GroupInfoUpdated | opUser, changed (the names of the fields that changed) |
 * | 1504 MemberQuit | quitUser |
 * | 1507 GroupOwnerTransferred | opUser (the old owner), newGroupOwner |
 * | 1508 MemberKicked | opUser, kickedUserList |
 * | 1509 MemberInvited | opUser (the inviter), invitedUserList |
 * | 1510 MemberEnter | entrantUser, opUser (who approved; the entrant when joined directly) |
 * | 1511 GroupDismissed | opUser |
 * | 1512 GroupMemberMuted | opUser, mutedUser, mutedSeconds, muteTime (when it ends, ms) |
 * | 1513 GroupMemberCancelMuted | opUser, mutedUser |
 * | 1514 / 1515 GroupMuted / GroupCancelMuted | opUser |
 * | 1516 GroupMemberInfoSet | opUser, changedUser (group nickname changed) |
 * | 1517 / 1518 GroupMemberSetToAdmin / ToOrdinary | opUser, changedUser |
 * | 1519 GroupAnnouncementUpdated | opUser (group.notification is the new text) |
 * | 1520 GroupNameUpdated | opUser (group.groupName is the new name) |
 */
export interface GroupNotificationDetail {
  group: GroupInfo;
  opUser?: GroupNoticeUser;
  memberList?: GroupNoticeUser[];
  changed?: string[];
  quitUser?: GroupNoticeUser;
  newGroupOwner?: GroupNoticeUser;
  kickedUserList?: GroupNoticeUser[];
  invitedUserList?: GroupNoticeUser[];
  entrantUser?: GroupNoticeUser;
  mutedUser?: GroupNoticeUser;
  mutedSeconds?: number;
  muteTime?: number;
  changedUser?: GroupNoticeUser;
  operationTime: number;
}

/** The special atUserList entry of an @all mention (owner and admins only). */
export const AT_ALL_TAG = 'AtAllTag';

/** The detail of a group notification, or null when it is not one. */
export function parseGroupNotificationDetail(detail: string | undefined): GroupNotificationDetail | null {
  if (!detail) return null;
  try {
    const value = JSON.parse(detail) as Partial<GroupNotificationDetail>;
    return value && typeof value === 'object' && value.group && typeof value.group.groupID === 'string'
      ? (value as GroupNotificationDetail)
      : null;
  } catch {
    return null;
  }
}
