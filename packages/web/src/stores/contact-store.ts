import { create } from 'zustand';
import type {
  BlackItem,
  FriendApplicationItem,
  FriendItem,
  GroupApplicationItem,
  GroupItem,
  UserCardData,
} from './contact-types';

/**
 * Contacts state of spec §3. Application lists are keyed as the spec says (received friend
 * applications by fromUserID, sent by toUserID, received group applications by userID, sent by
 * groupID); the contacts issue adds the update-by-key actions.
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
  userCardData: UserCardData;
  setUnHandleFriendApplicationNum: (count: number) => void;
  setUnHandleGroupApplicationNum: (count: number) => void;
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
    userCardData: {},
  };
}

export const useContactStore = create<ContactState>()((set) => ({
  ...initial(),
  setUnHandleFriendApplicationNum: (unHandleFriendApplicationNum) => set({ unHandleFriendApplicationNum }),
  setUnHandleGroupApplicationNum: (unHandleGroupApplicationNum) => set({ unHandleGroupApplicationNum }),
  reset: () => set(initial()),
}));
