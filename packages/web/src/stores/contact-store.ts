import { create } from 'zustand';
import { countUnaccessed, friendAccessKey, groupAccessKey } from './accessed-applications';
import {
  applyApplication,
  byUserID,
  friendApplicationSide,
  groupApplicationSide,
  recvFriendApplicationKey,
  recvGroupApplicationKey,
  removeByKey,
  sendFriendApplicationKey,
  sendGroupApplicationKey,
  upsertByKey,
} from './contact-lists';
import type {
  BlackItem,
  FriendApplicationItem,
  FriendItem,
  GroupApplicationItem,
  GroupItem,
  UserCardData,
} from './contact-types';

/**
 * Contacts state (docs/product.md#client-state). Application lists are keyed as that section says
 * (received friend applications by fromUserID, sent by toUserID, received group applications by group
 * and user, sent by groupID); updates replace or remove by key (docs/product.md#contacts-updates,
 * `contact-lists.ts`).
 *
 * unHandleFriendApplicationNum is what the contact tab badge shows: the pending received friend
 * applications this user has not opened yet (`accessedFriendApplications`, kept per user in local
 * storage by `contact-actions.ts`); unHandleGroupApplicationNum the same for received group
 * applications (`accessedGroupApplications`, `group-actions.ts`).
 */
export interface ContactState {
  friendList: FriendItem[];
  groupList: GroupItem[];
  blackList: BlackItem[];
  recvFriendApplicationList: FriendApplicationItem[];
  sendFriendApplicationList: FriendApplicationItem[];
  recvGroupApplicationList: GroupApplicationItem[];
  sendGroupApplicationList: GroupApplicationItem[];
  unHandleFriendApplicationNum: number;
  unHandleGroupApplicationNum: number;
  /** This user's accessed received friend applications (`friendAccessKey`). */
  accessedFriendApplications: string[];
  /** This user's accessed received group applications (`groupAccessKey`). */
  accessedGroupApplications: string[];
  /** The group lists have been fetched once since login. */
  groupsLoaded: boolean;
  userCardData: UserCardData;
  /** The lists have been fetched once since login (until then the screens show loading). */
  loaded: boolean;
  setUnHandleFriendApplicationNum: (count: number) => void;
  setUnHandleGroupApplicationNum: (count: number) => void;
  setFriendList: (list: FriendItem[]) => void;
  upsertFriend: (friend: FriendItem) => void;
  removeFriend: (userID: string) => void;
  setBlackList: (list: BlackItem[]) => void;
  upsertBlack: (black: BlackItem) => void;
  removeBlack: (userID: string) => void;
  setRecvFriendApplicationList: (list: FriendApplicationItem[]) => void;
  setSendFriendApplicationList: (list: FriendApplicationItem[]) => void;
  /** A pushed or answered application of this user (sent or received), by its key. */
  applyFriendApplication: (application: FriendApplicationItem, selfID: string) => void;
  setAccessedFriendApplications: (keys: string[]) => void;
  setGroupList: (list: GroupItem[]) => void;
  /** A joined or changed group (by groupID); `onlyIfPresent` leaves a group not in the list out. */
  upsertGroup: (group: GroupItem, onlyIfPresent?: boolean) => void;
  removeGroup: (groupID: string) => void;
  setRecvGroupApplicationList: (list: GroupApplicationItem[]) => void;
  setSendGroupApplicationList: (list: GroupApplicationItem[]) => void;
  /** A pushed or answered group application (the user's own, or one to a group they manage). */
  applyGroupApplication: (application: GroupApplicationItem, selfID: string) => void;
  setAccessedGroupApplications: (keys: string[]) => void;
  setGroupsLoaded: (loaded: boolean) => void;
  setUserCardData: (data: UserCardData) => void;
  setLoaded: (loaded: boolean) => void;
  reset: () => void;
}

function initial() {
  return {
    friendList: [],
    groupList: [],
    blackList: [],
    recvFriendApplicationList: [],
    sendFriendApplicationList: [],
    recvGroupApplicationList: [],
    sendGroupApplicationList: [],
    unHandleFriendApplicationNum: 0,
    unHandleGroupApplicationNum: 0,
    accessedFriendApplications: [],
    accessedGroupApplications: [],
    userCardData: {},
    loaded: false,
    groupsLoaded: false,
  };
}

/** The received list and the badge count that follows from it. */
function received(list: FriendApplicationItem[], accessed: string[]) {
  return {
    recvFriendApplicationList: list,
    unHandleFriendApplicationNum: countUnaccessed(list, accessed, friendAccessKey),
  };
}

function receivedGroup(list: GroupApplicationItem[], accessed: string[]) {
  return {
    recvGroupApplicationList: list,
    unHandleGroupApplicationNum: countUnaccessed(list, accessed, groupAccessKey),
  };
}

const byGroupID = (g: { groupID: string }) => g.groupID;

export const useContactStore = create<ContactState>()((set) => ({
  ...initial(),
  setUnHandleFriendApplicationNum: (unHandleFriendApplicationNum) => set({ unHandleFriendApplicationNum }),
  setUnHandleGroupApplicationNum: (unHandleGroupApplicationNum) => set({ unHandleGroupApplicationNum }),
  setFriendList: (friendList) => set({ friendList }),
  upsertFriend: (friend) => set((s) => ({ friendList: upsertByKey(s.friendList, friend, byUserID) })),
  removeFriend: (userID) => set((s) => ({ friendList: removeByKey(s.friendList, userID, byUserID) })),
  setBlackList: (blackList) => set({ blackList }),
  upsertBlack: (black) => set((s) => ({ blackList: upsertByKey(s.blackList, black, byUserID) })),
  removeBlack: (userID) => set((s) => ({ blackList: removeByKey(s.blackList, userID, byUserID) })),
  setRecvFriendApplicationList: (list) => set((s) => received(list, s.accessedFriendApplications)),
  setSendFriendApplicationList: (sendFriendApplicationList) => set({ sendFriendApplicationList }),
  applyFriendApplication: (application, selfID) =>
    set((s) => {
      const side = friendApplicationSide(application, selfID);
      if (side === 'recv') {
        const list = applyApplication(s.recvFriendApplicationList, application, recvFriendApplicationKey);
        return received(list, s.accessedFriendApplications);
      }
      if (side === 'send') {
        return {
          sendFriendApplicationList: applyApplication(
            s.sendFriendApplicationList,
            application,
            sendFriendApplicationKey,
          ),
        };
      }
      return {};
    }),
  setAccessedFriendApplications: (keys) =>
    set((s) => ({
      accessedFriendApplications: keys,
      ...received(s.recvFriendApplicationList, keys),
    })),
  setGroupList: (groupList) => set({ groupList }),
  upsertGroup: (group, onlyIfPresent = false) =>
    set((s) =>
      onlyIfPresent && !s.groupList.some((g) => g.groupID === group.groupID)
        ? {}
        : { groupList: upsertByKey(s.groupList, group, byGroupID) },
    ),
  removeGroup: (groupID) => set((s) => ({ groupList: removeByKey(s.groupList, groupID, byGroupID) })),
  setRecvGroupApplicationList: (list) => set((s) => receivedGroup(list, s.accessedGroupApplications)),
  setSendGroupApplicationList: (sendGroupApplicationList) => set({ sendGroupApplicationList }),
  applyGroupApplication: (application, selfID) =>
    set((s) => {
      if (groupApplicationSide(application, selfID) === 'send')
        return {
          sendGroupApplicationList: applyApplication(
            s.sendGroupApplicationList,
            application,
            sendGroupApplicationKey,
          ),
        };
      const list = applyApplication(s.recvGroupApplicationList, application, recvGroupApplicationKey);
      return receivedGroup(list, s.accessedGroupApplications);
    }),
  setAccessedGroupApplications: (keys) =>
    set((s) => ({ accessedGroupApplications: keys, ...receivedGroup(s.recvGroupApplicationList, keys) })),
  setGroupsLoaded: (groupsLoaded) => set({ groupsLoaded }),
  setUserCardData: (userCardData) => set({ userCardData }),
  setLoaded: (loaded) => set({ loaded }),
  reset: () => set(initial()),
}));
