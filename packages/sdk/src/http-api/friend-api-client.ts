import { FriendPath } from '@im/protocol';
import type {
  AddFriendReq,
  BlackInfo,
  BlackListResp,
  DesignatedFriendsResp,
  FriendApplication,
  FriendApplicationsResp,
  FriendInfo,
  FriendListResp,
  IsFriendResp,
  SetFriendRemarkReq,
} from '@im/protocol';
import type { HttpClient } from '../http-client.ts';

/** The contacts calls of the IM API (prefix /api, IM token): protocol/src/friend-api.ts. */
export function createFriendApi(api: HttpClient) {
  return {
    addFriend: (req: AddFriendReq) => api.post<FriendApplication>(FriendPath.addFriend, req),
    respond: (req: { fromUserID: string; handleResult: number; handleMsg?: string; remark?: string }) =>
      api.post<FriendApplication>(FriendPath.respondFriendApplication, req),
    applicationsAsRecipient: (offset: number, count: number) =>
      api.post<FriendApplicationsResp>(FriendPath.getApplicationsAsRecipient, { offset, count }),
    applicationsAsApplicant: (offset: number, count: number) =>
      api.post<FriendApplicationsResp>(FriendPath.getApplicationsAsApplicant, { offset, count }),
    friendList: (offset: number, count: number) =>
      api.post<FriendListResp>(FriendPath.getFriendList, { offset, count }),
    designatedFriends: async (friendUserIDs: string[]) =>
      (await api.post<DesignatedFriendsResp>(FriendPath.getDesignatedFriends, { friendUserIDs })).friends,
    isFriend: (userID: string) => api.post<IsFriendResp>(FriendPath.isFriend, { userID }),
    setRemark: (req: SetFriendRemarkReq) => api.post<FriendInfo>(FriendPath.setFriendRemark, req),
    deleteFriend: (friendUserID: string) => api.post<void>(FriendPath.deleteFriend, { friendUserID }),
    addBlack: (blackUserID: string) => api.post<BlackInfo>(FriendPath.addBlack, { blackUserID }),
    removeBlack: (blackUserID: string) => api.post<void>(FriendPath.removeBlack, { blackUserID }),
    blackList: (offset: number, count: number) =>
      api.post<BlackListResp>(FriendPath.getBlackList, { offset, count }),
  };
}

export type FriendApi = ReturnType<typeof createFriendApi>;
