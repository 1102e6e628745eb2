import { ChatPath, ErrCode, ImPath } from '@im/protocol';
import type { FetchLike } from '../../src/http-client.ts';
import type { FakeGateway } from './fake-gateway.ts';

type Body = Record<string, unknown>;

function reply(data: unknown, errCode = 0, status = 200): Response {
  return new Response(JSON.stringify({ errCode, errMsg: errCode ? 'error' : '', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The chat and IM HTTP calls the messaging core makes, answered from the fake's state. */
export function fakeHttp(gateway: FakeGateway): FetchLike {
  return async (url, init) => {
    const { pathname } = new URL(url);
    gateway.httpCalls.push(pathname);
    if (gateway.httpDelayMs) await new Promise((r) => setTimeout(r, gateway.httpDelayMs));
    const token = (init.headers as Record<string, string>).token;
    const user = gateway.state.userByToken(token);
    if (!user) return reply(undefined, ErrCode.TOKEN_EXPIRED, 401);
    const body = JSON.parse(String(init.body ?? '{}')) as Body;
    const path = pathname.replace(/^\/(api|chat)/, '');
    const state = gateway.state;
    const list = () => state.sortedConversations(user.userID);

    switch (path) {
      case ChatPath.findFull:
        return reply({
          users: (body.userIDs as string[]).map((id) => ({
            userID: id,
            nickname: state.users.get(id)?.nickname ?? id,
            faceURL: '',
          })),
        });
      case ImPath.getUsersInfo:
        return reply({
          users: (body.userIDs as string[]).map((id) => ({
            userID: id,
            nickname: id,
            faceURL: '',
            gender: 0,
          })),
        });
      case ImPath.getConversationList:
        return reply(state.conversationPage(user.userID, Number(body.offset ?? 0), Number(body.count ?? 20)));
      case ImPath.getConversations:
        return reply({
          conversations: list().filter((c) => (body.conversationIDs as string[]).includes(c.conversationID)),
        });
      case ImPath.getTotalUnread:
        return reply({ total: list().reduce((sum, c) => sum + (c.recvMsgOpt === 0 ? c.unreadCount : 0), 0) });
      case ImPath.setConversation: {
        const view = state.view(user.userID, String(body.conversationID));
        if (typeof body.isPinned === 'boolean') view.isPinned = body.isPinned;
        if (typeof body.recvMsgOpt === 'number') view.recvMsgOpt = body.recvMsgOpt;
        if (typeof body.draftText === 'string') {
          view.draftText = body.draftText;
          view.draftTextTime = body.draftText ? Date.now() : 0;
        }
        return reply(state.conversation(user.userID, String(body.conversationID)));
      }
      case ImPath.deleteConversation: {
        const view = state.view(user.userID, String(body.conversationID));
        view.deleted = true;
        view.minSeq = view.hasReadSeq = state.messages.get(String(body.conversationID))?.length ?? 0;
        return reply({});
      }
      case ImPath.clearConversation: {
        const view = state.view(user.userID, String(body.conversationID));
        view.minSeq = view.hasReadSeq = state.messages.get(String(body.conversationID))?.length ?? 0;
        return reply(state.conversation(user.userID, String(body.conversationID)));
      }
      case ImPath.getHistory: {
        const id = String(body.conversationID);
        const all = state.pull(user.userID, id, 1, Number.MAX_SAFE_INTEGER);
        const start = all.find((m) => m.clientMsgID === body.startClientMsgID);
        const below = start?.seq ?? (Number(body.lastMinSeq) || Number.MAX_SAFE_INTEGER);
        const older = all.filter((m) => m.seq < below);
        const messages = older.slice(Math.max(0, older.length - Number(body.count ?? 20)));
        return reply({ messages, isEnd: messages.length === older.length });
      }
      default:
        return reply(undefined, ErrCode.NOT_FOUND, 404);
    }
  };
}
