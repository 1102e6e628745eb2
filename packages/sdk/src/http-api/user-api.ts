import { ChatPath, USER_SEARCH_PAGE_SIZE } from '@im/protocol';
import type { PublicUserInfo, SearchUsersResp, UpdateUserReq, UserInfo, UsersResp } from '@im/protocol';
import type { HttpClient } from '../http-client.ts';

/** User profiles on the chat service (docs/product.md#server-calls). */
export function createUserApi(chat: HttpClient) {
  return {
    update: (req: UpdateUserReq) => chat.post<void>(ChatPath.updateUser, req),
    findFull: async (userIDs: string[]) =>
      (await chat.post<UsersResp<UserInfo>>(ChatPath.findFull, { userIDs })).users,
    search: (keyword: string, pagination = { pageNumber: 1, showNumber: USER_SEARCH_PAGE_SIZE }) =>
      chat.post<SearchUsersResp<UserInfo>>(ChatPath.searchFull, { keyword, pagination }),
    findPublic: async (userIDs: string[]) =>
      (await chat.post<UsersResp<PublicUserInfo>>(ChatPath.findPublic, { userIDs })).users,
  };
}

export type UserApi = ReturnType<typeof createUserApi>;
