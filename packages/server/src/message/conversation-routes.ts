import {
  conversationIDSchema,
  conversationListSchema,
  getConversationsSchema,
  ImPath,
  setConversationSchema,
} from '@im/protocol';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import type { ConversationService } from './conversation-service.ts';

/** The conversation calls of the IM API (prefix /api, IM token), per ImPath in protocol/im-api.ts. */
export function conversationRoutes(app: FastifyInstance, conversations: ConversationService): void {
  app.post(ImPath.getConversationList, async (req) =>
    ok(await conversations.list(req.auth.userID, parse(conversationListSchema, req.body))),
  );
  app.post(ImPath.getConversations, async (req) => {
    const { conversationIDs } = parse(getConversationsSchema, req.body);
    return ok({ conversations: await conversations.getMany(req.auth.userID, conversationIDs) });
  });
  app.post(ImPath.setConversation, async (req) =>
    ok(await conversations.set(req.auth.userID, parse(setConversationSchema, req.body))),
  );
  app.post(ImPath.deleteConversation, async (req) => {
    await conversations.delete(req.auth.userID, parse(conversationIDSchema, req.body).conversationID);
    return ok();
  });
  app.post(ImPath.clearConversation, async (req) =>
    ok(await conversations.clear(req.auth.userID, parse(conversationIDSchema, req.body).conversationID)),
  );
  app.post(ImPath.getTotalUnread, async (req) =>
    ok({ total: await conversations.totalUnread(req.auth.userID) }),
  );
}
