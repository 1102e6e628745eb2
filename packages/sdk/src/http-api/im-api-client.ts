import { ImPath, SearchPath } from '@im/protocol';
import type {
  ConversationItem,
  ConversationListResp,
  ConversationsResp,
  HistoryReq,
  HistoryResp,
  SearchMessagesReq,
  SearchMessagesResp,
  SetConversationReq,
  TotalUnreadResp,
  UsersInfoResp,
} from '@im/protocol';
import type { HttpClient } from '../http-client.ts';

/** The IM API calls of the messaging core (prefix /api, IM token), as packages/protocol/src/im-api.ts documents them. */
export function createImApi(api: HttpClient) {
  return {
    getConversationList: (offset: number, count: number) =>
      api.post<ConversationListResp>(ImPath.getConversationList, { offset, count }),
    getConversations: async (conversationIDs: string[]) =>
      (await api.post<ConversationsResp>(ImPath.getConversations, { conversationIDs })).conversations ?? [],
    setConversation: (req: SetConversationReq) =>
      api.post<ConversationItem | null>(ImPath.setConversation, req),
    deleteConversation: (conversationID: string) =>
      api.post<void>(ImPath.deleteConversation, { conversationID }),
    clearConversation: (conversationID: string) =>
      api.post<ConversationItem | null>(ImPath.clearConversation, { conversationID }),
    getTotalUnread: async () => (await api.post<TotalUnreadResp>(ImPath.getTotalUnread, {})).total,
    getHistory: (req: HistoryReq) => api.post<HistoryResp>(ImPath.getHistory, req),
    getUsersInfo: async (userIDs: string[]) =>
      (await api.post<UsersInfoResp>(ImPath.getUsersInfo, { userIDs })).users ?? [],
    searchMessages: (req: SearchMessagesReq) => api.post<SearchMessagesResp>(SearchPath.searchMessages, req),
  };
}

export type ImApi = ReturnType<typeof createImApi>;
