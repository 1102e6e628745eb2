import { FRIEND_FIRST_PAGE_SIZE, FRIEND_PAGE_SIZE, HandleResult } from '@im/protocol';
import type { BlackInfo, FriendApplication, FriendInfo, IsFriendResp } from '@im/protocol';
import type { FriendApi } from '../http-api/friend-api-client.ts';
import { allPages, pageOrAll } from '../paging.ts';
import type { PageParams } from '../paging.ts';

const APPLICATION_PAGE = 1000;
const BLACK_PAGE = 1000;

/**
 * `im.contacts`: friends, applications and the blacklist (docs/sdk.md "Contacts"): HTTP calls with
 * the IM token, no gateway needed. Each answers the new state; the same change also arrives as an
 * event (friendAdded, blackAdded…) on every device of the users concerned, this one included, so the
 * app may update from either (updates replace by key, docs/product.md#contacts-updates).
 */
export class ContactsModule {
  #api: FriendApi;

  constructor(api: FriendApi) {
    this.#api = api;
  }

  /**
   * One page of friends (the first page 10000, later pages 1000: docs/product.md#limits-and-constants),
   * oldest friendship first.
   */
  async getFriendListPage(offset: number, count: number): Promise<FriendInfo[]> {
    return (await this.#api.friendList(offset, count)).friends;
  }

  /** Every friend, read in those pages until a short one (docs/product.md#contacts-updates). */
  getFriendList(): Promise<FriendInfo[]> {
    return allPages((o, c) => this.getFriendListPage(o, c), FRIEND_FIRST_PAGE_SIZE, FRIEND_PAGE_SIZE);
  }

  /** The caller's friends among the ids, with remarks (non-friends left out). */
  getSpecifiedFriendsInfo(userIDs: string[]): Promise<FriendInfo[]> {
    return this.#api.designatedFriends(userIDs);
  }

  /** Whether the user is a friend, and whether they are in the caller's blacklist (composer, user card). */
  checkFriend(userID: string): Promise<IsFriendResp> {
    return this.#api.isFriend(userID);
  }

  /**
   * Applies with a verification message. Answers the application: pending, or approved when the
   * other user had already applied (both are friends at once). Codes: 1303 the user does not allow
   * being added, 1304 already friends, 1302/1306 blacklist, 1004 unknown user.
   */
  addFriend(params: { toUserID: string; reqMsg?: string }): Promise<FriendApplication> {
    return this.#api.addFriend({ toUserID: params.toUserID, reqMsg: params.reqMsg ?? '' });
  }

  /** Accepts the pending application from `fromUserID`, with an optional remark for the new friend. */
  acceptFriendApplication(params: {
    fromUserID: string;
    handleMsg?: string;
    remark?: string;
  }): Promise<FriendApplication> {
    return this.#api.respond({ ...params, handleResult: HandleResult.Approved });
  }

  refuseFriendApplication(params: { fromUserID: string; handleMsg?: string }): Promise<FriendApplication> {
    return this.#api.respond({ ...params, handleResult: HandleResult.Rejected });
  }

  /** Applications to the caller, newest first (all of them when no page is given). */
  async getFriendApplicationListAsRecipient(page?: PageParams): Promise<FriendApplication[]> {
    const read = async (o: number, c: number) => (await this.#api.applicationsAsRecipient(o, c)).applications;
    return pageOrAll(read, page, APPLICATION_PAGE);
  }

  /** Applications from the caller, newest first (all of them when no page is given). */
  async getFriendApplicationListAsApplicant(page?: PageParams): Promise<FriendApplication[]> {
    const read = async (o: number, c: number) => (await this.#api.applicationsAsApplicant(o, c)).applications;
    return pageOrAll(read, page, APPLICATION_PAGE);
  }

  /** The caller's name for a friend ('' clears it); answers the updated FriendInfo. 1301 when not a friend. */
  setFriendRemark(params: { friendUserID: string; remark: string }): Promise<FriendInfo> {
    return this.#api.setRemark(params);
  }

  /** Ends the friendship on both sides (the conversation stays; sending is refused with 1301). */
  deleteFriend(friendUserID: string): Promise<void> {
    return this.#api.deleteFriend(friendUserID);
  }

  /** Blocks a user (the friendship stays, their messages and applications are refused). Idempotent. */
  addBlack(userID: string): Promise<BlackInfo> {
    return this.#api.addBlack(userID);
  }

  /** Idempotent. */
  removeBlack(userID: string): Promise<void> {
    return this.#api.removeBlack(userID);
  }

  /** The whole blacklist, oldest first. */
  getBlackList(): Promise<BlackInfo[]> {
    return allPages(async (o, c) => (await this.#api.blackList(o, c)).blacks, BLACK_PAGE);
  }
}
