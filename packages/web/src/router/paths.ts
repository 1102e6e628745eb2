import { SessionType } from '@im/protocol';
import type { ApplicationTypeValue } from '../utils/application-query';
import type { BaseData } from '../utils/base-data';
import type { ChangeNameOrigin } from './change-name-query';
import type { ChatQuery } from './chat-target';
import type { FriendInfoQuery } from './friend-info-query';
import type { SendApplicationQuery } from './send-application-query';

/**
 * Every path of the app (docs/product.md#routes, docs/product.md#login-routes). The route table,
 * the keep-alive list and the tab bar read them here; screens go elsewhere through `paths` below.
 */
export const routePath = {
  root: '/',
  // The tabs.
  conversation: '/conversation',
  contact: '/contact',
  profile: '/profile',
  // Guarded screens.
  chat: '/chat',
  singleSetting: '/singleSetting',
  groupSetting: '/groupSetting',
  groupManage: '/groupManage',
  groupNotice: '/groupNotice',
  changeName: '/changeName',
  myFriend: '/myFriend',
  myGroup: '/myGroup',
  newGroup: '/newGroup',
  newFriend: '/newFriend',
  applicationList: '/applicationList',
  applicationDetails: '/applicationDetails',
  userCard: '/userCard',
  groupCard: '/groupCard',
  userCardSetting: '/userCardSetting',
  userCardDetails: '/userCardDetails',
  contactAdd: '/contactAdd',
  searchToJoin: '/searchToJoin',
  sendApplication: '/sendApplication',
  groupMemberList: '/groupMemberList',
  createGroup: '/createGroup',
  chooseUser: '/chooseUser',
  searchFriendOrGroup: '/searchFriendOrGroup',
  selfInfoDetails: '/selfInfoDetails',
  about: '/about',
  accountSettings: '/accountSettings',
  blackList: '/blackList',
  language: '/language',
  changeNameOrRemark: '/changeNameOrRemark',
  callRecords: '/callRecords',
  searchMessages: '/searchMessages',
  // Login screens (unguarded).
  login: '/login',
  getCode: '/getCode',
  verifyCode: '/verifyCode',
  setPassword: '/setPassword',
  setBaseInfo: '/setBaseInfo',
} as const;

export type RouteName = keyof typeof routePath;
export type RoutePath = (typeof routePath)[RouteName];

/** The three tabs, in the tab bar's order. */
export const tabPaths = [routePath.conversation, routePath.contact, routePath.profile] as const;
export type TabPath = (typeof tabPaths)[number];

type QueryValue = string | number | boolean | undefined;

/** `path?key=value&…`, each value URI-encoded; undefined values are left out. */
function withQuery(path: RoutePath, query: Record<string, QueryValue>): string {
  const parts = Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`);
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

/** A query value the product gives as JSON (objects, booleans and numbers alike). */
const json = (value: unknown) => JSON.stringify(value);

type GroupQuery = { groupID: string };
type UserQuery = { userID: string };

/**
 * The address of each screen, with its query typed: `navigate(paths.chat({ conversationID }))`,
 * `<Link to={paths.about()}>`. Each screen parses its own query (chat-target.ts and the other
 * `*-query.ts` files), so what is built here is what is read there.
 */
export const paths = {
  root: () => routePath.root,
  conversation: () => routePath.conversation,
  contact: () => routePath.contact,
  profile: () => routePath.profile,

  /**
   * `?conversationID=` for a row of the list, `?userID=` for a one-to-one chat, `?groupID=`; with
   * `seq`, the chat opens at that message (a search result) instead of the newest.
   */
  chat: (target: ChatQuery, at?: { seq: number }) => withQuery(routePath.chat, { ...target, seq: at?.seq }),
  singleSetting: (target: ChatQuery) => withQuery(routePath.singleSetting, target),
  groupSetting: (query: GroupQuery) => withQuery(routePath.groupSetting, query),
  groupManage: (query: GroupQuery) => withQuery(routePath.groupManage, query),
  groupNotice: (query: GroupQuery) => withQuery(routePath.groupNotice, query),
  groupMemberList: (query: GroupQuery) => withQuery(routePath.groupMemberList, query),
  /** `originData` as JSON: which name and its current value. */
  changeName: (originData: ChangeNameOrigin) =>
    withQuery(routePath.changeName, { originData: json(originData) }),

  myFriend: () => routePath.myFriend,
  myGroup: () => routePath.myGroup,
  newGroup: () => routePath.newGroup,
  newFriend: () => routePath.newFriend,
  applicationList: (query: { type?: ApplicationTypeValue } = {}) =>
    withQuery(routePath.applicationList, query),
  /** `application` as JSON, `type` as a number (utils/application-query.ts numbers them). */
  applicationDetails: (application: object, type: ApplicationTypeValue) =>
    withQuery(routePath.applicationDetails, { application: json(application), type }),

  /** A user's card; with `groupID` when opened from that group (its member rules apply). */
  userCard: (query: UserQuery & { groupID?: string }) => withQuery(routePath.userCard, query),
  /** A group's card; `isScan` (a JSON boolean) when it was opened from a scanned QR code. */
  groupCard: ({ groupID, isScan }: GroupQuery & { isScan?: boolean }) =>
    withQuery(routePath.groupCard, { groupID, isScan: isScan ? json(true) : undefined }),
  userCardSetting: (query: UserQuery) => withQuery(routePath.userCardSetting, query),
  userCardDetails: (query: UserQuery) => withQuery(routePath.userCardDetails, query),
  contactAdd: () => routePath.contactAdd,
  /** `isGroup`: 'true' searches groups, 'false' users. */
  searchToJoin: ({ isGroup }: { isGroup: boolean }) =>
    withQuery(routePath.searchToJoin, { isGroup: json(isGroup) }),
  /** isGroup, isScan and notNeedVerification as JSON booleans, sessionType as a number. */
  sendApplication: (query: SendApplicationQuery) =>
    withQuery(routePath.sendApplication, {
      isGroup: json(query.isGroup),
      sourceID: query.sourceID,
      isScan: json(query.isScan ?? false),
      notNeedVerification: json(query.notNeedVerification ?? false),
      sessionType: query.sessionType ?? (query.isGroup ? SessionType.Group : SessionType.Single),
    }),
  /** `groupType` as a JSON number, 0 (a work group) unless given. */
  createGroup: ({ groupType = 0 }: { groupType?: number } = {}) =>
    withQuery(routePath.createGroup, { groupType: json(groupType) }),
  /** Without a group: members of the group being created; with one: friends to invite to it. */
  chooseUser: (query: Partial<GroupQuery> = {}) => withQuery(routePath.chooseUser, query),
  searchFriendOrGroup: () => routePath.searchFriendOrGroup,
  selfInfoDetails: () => routePath.selfInfoDetails,
  about: () => routePath.about,
  accountSettings: () => routePath.accountSettings,
  blackList: () => routePath.blackList,
  language: () => routePath.language,
  /** Without `friendInfo`: one's own nickname; with it (JSON): that friend's remark. */
  changeNameOrRemark: (friendInfo?: FriendInfoQuery) =>
    withQuery(routePath.changeNameOrRemark, { friendInfo: friendInfo && json(friendInfo) }),
  /** The call records (all, missed, incoming, outgoing). */
  callRecords: () => routePath.callRecords,
  /** Message search: in one conversation with `conversationID`, else across all chats. */
  searchMessages: (query: { conversationID?: string } = {}) => withQuery(routePath.searchMessages, query),

  login: () => routePath.login,
  /** isRegiste and isByEmail as JSON booleans. */
  getCode: (query: { isRegiste: boolean; isByEmail: boolean }) =>
    withQuery(routePath.getCode, { isRegiste: json(query.isRegiste), isByEmail: json(query.isByEmail) }),
  /** The register and forgot-password flow's data, `baseData` as JSON. */
  verifyCode: (baseData: BaseData) => withQuery(routePath.verifyCode, { baseData: json(baseData) }),
  setPassword: (baseData: BaseData) => withQuery(routePath.setPassword, { baseData: json(baseData) }),
  setBaseInfo: (baseData: BaseData) => withQuery(routePath.setBaseInfo, { baseData: json(baseData) }),
} satisfies Record<RouteName, (...args: never[]) => string>;
