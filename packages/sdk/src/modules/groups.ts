import { GROUP_PAGE_SIZE, HandleResult } from '@im/protocol';
import type {
  CreateGroupReq,
  GroupApplication,
  GroupInfo,
  GroupMemberInfo,
  InviteUserToGroupResp,
  JoinGroupReq,
  JoinGroupResp,
  PublicGroupCard,
  SetGroupInfoReq,
} from '@im/protocol';
import type { GroupApi } from '../http-api/group-api-client.ts';
import { allPages, pageOrAll } from '../paging.ts';
import type { PageParams } from '../paging.ts';

const MEMBER_PAGE = 1000;
const APPLICATION_PAGE = 1000;

/**
 * `im.groups`: group and member info, joined group pages, group applications (docs/sdk.md
 * "Groups"): HTTP calls with the IM token. Each answers the new state; the same change also arrives
 * as an event (groupInfoChanged, groupMemberAdded…) on every device of the members concerned, this
 * one included, and as a 15xx notification message in the group's conversation `sg_<groupID>`.
 * A group the caller is not in answers 1004, exactly as a missing group.
 */
export class GroupsModule {
  #api: GroupApi;

  constructor(api: GroupApi) {
    this.#api = api;
  }

  /** A group of the caller (owner) and some of their friends (1301 names any non-friend). */
  createGroup(req: CreateGroupReq): Promise<GroupInfo> {
    return this.#api.create(req);
  }

  /** The caller's groups among the ids, any status (others are left out). */
  getGroupsInfo(groupIDs: string[]): Promise<GroupInfo[]> {
    return this.#api.groupsInfo(groupIDs);
  }

  /**
   * One page of the caller's groups (pages of 1000, docs/product.md#limits-and-constants), oldest joined
   * first; dismissed left out.
   */
  async getJoinedGroupListPage(offset: number, count: number = GROUP_PAGE_SIZE): Promise<GroupInfo[]> {
    return (await this.#api.joinedList(offset, count)).groups;
  }

  /** Every joined group, read in pages of 1000 until a short one. */
  getJoinedGroupList(): Promise<GroupInfo[]> {
    return allPages((o, c) => this.getJoinedGroupListPage(o, c), GROUP_PAGE_SIZE);
  }

  /** Members (owner, admins, then by join time): one page when offset/count are given, else all. */
  async getGroupMemberList(params: { groupID: string } & PageParams): Promise<GroupMemberInfo[]> {
    const read = async (o: number, c: number) => (await this.#api.memberList(params.groupID, o, c)).members;
    return params.offset !== undefined || params.count !== undefined
      ? read(params.offset ?? 0, params.count ?? MEMBER_PAGE)
      : allPages(read, MEMBER_PAGE);
  }

  /** The members among the ids (the user card's groupMemberInfo); non-members left out. */
  getSpecifiedGroupMembersInfo(params: {
    groupID: string;
    userIDList: string[];
  }): Promise<GroupMemberInfo[]> {
    return this.#api.membersInfo(params.groupID, params.userIDList);
  }

  /** The public card of the group with exactly this ID (0 or 1), for anyone: searchToJoin. */
  searchGroup(groupID: string): Promise<PublicGroupCard[]> {
    return this.#api.search(groupID.trim());
  }

  /**
   * Joins by search (joinSource 3) or QR code (4): `{ joined: true }` at once when the group lets
   * anyone in (verification 2), else a pending application. 1405 when already a member.
   */
  joinGroup(req: JoinGroupReq): Promise<JoinGroupResp> {
    return this.#api.join(req);
  }

  /**
   * Invites friends. They join at once, except with verification 1 when the caller is an ordinary
   * member: then each gets a pending application for the owner or an admin.
   */
  inviteUserToGroup(params: {
    groupID: string;
    userIDList: string[];
    reason?: string;
  }): Promise<InviteUserToGroupResp> {
    return this.#api.invite(params);
  }

  /** Owner (anyone) or admin (ordinary members). */
  kickGroupMember(params: { groupID: string; userIDList: string[]; reason?: string }): Promise<void> {
    return this.#api.kick(params);
  }

  /** Any member but the owner (1408: transfer first). The conversation stays, with nothing new. */
  quitGroup(groupID: string): Promise<void> {
    return this.#api.quit(groupID);
  }

  /** Owner only; the group becomes read-only (1403 for every change and send). */
  dismissGroup(groupID: string): Promise<void> {
    return this.#api.dismiss(groupID);
  }

  /** Owner only; the old owner becomes an ordinary member. */
  transferGroupOwner(params: { groupID: string; newOwnerUserID: string }): Promise<void> {
    return this.#api.transfer(params.groupID, params.newOwnerUserID);
  }

  /** Owner and admins: name, faceURL, notification (announcement), introduction, the settings. */
  setGroupInfo(req: SetGroupInfoReq): Promise<GroupInfo> {
    return this.#api.setInfo(req);
  }

  /** Own group nickname (any member), or a lower member's (owner and admins); '' clears it. */
  setGroupMemberNickname(params: {
    groupID: string;
    userID: string;
    groupNickname: string;
  }): Promise<GroupMemberInfo> {
    return this.#api.setMemberNickname(params);
  }

  /** Owner only: 60 makes an admin, 20 an ordinary member. */
  setGroupMemberRoleLevel(params: {
    groupID: string;
    userID: string;
    roleLevel: 60 | 20;
  }): Promise<GroupMemberInfo> {
    return this.#api.setMemberRole(params);
  }

  /** Owner and admins, on lower roles: mute for `mutedSeconds` (0 unmutes). */
  changeGroupMemberMute(params: {
    groupID: string;
    userID: string;
    mutedSeconds: number;
  }): Promise<GroupMemberInfo> {
    return this.#api.setMemberMute(params);
  }

  /** Owner and admins: mute everyone else (status 3) or lift it (status 0). */
  changeGroupMute(params: { groupID: string; isMute: boolean }): Promise<GroupInfo> {
    return this.#api.setMute(params.groupID, params.isMute);
  }

  /** Owner and admins: the applicant (or invitee) joins. */
  acceptGroupApplication(params: {
    groupID: string;
    fromUserID: string;
    handleMsg?: string;
  }): Promise<GroupApplication> {
    return this.#api.respond({ ...params, handleResult: HandleResult.Approved });
  }

  refuseGroupApplication(params: {
    groupID: string;
    fromUserID: string;
    handleMsg?: string;
  }): Promise<GroupApplication> {
    return this.#api.respond({ ...params, handleResult: HandleResult.Rejected });
  }

  /** Applications to every group the caller owns or administers, newest first (all when no page). */
  getGroupApplicationListAsRecipient(page?: PageParams): Promise<GroupApplication[]> {
    const read = async (o: number, c: number) => (await this.#api.applicationsAsRecipient(o, c)).applications;
    return pageOrAll(read, page, APPLICATION_PAGE);
  }

  /** The caller's own applications (and invitations awaiting approval), newest first. */
  getGroupApplicationListAsApplicant(page?: PageParams): Promise<GroupApplication[]> {
    const read = async (o: number, c: number) => (await this.#api.applicationsAsApplicant(o, c)).applications;
    return pageOrAll(read, page, APPLICATION_PAGE);
  }
}
