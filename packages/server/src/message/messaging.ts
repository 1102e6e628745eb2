import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { conversationRoutes } from './conversation-routes.ts';
import { ConversationService } from './conversation-service.ts';
import type { ReadHook } from './conversation-service.ts';
import { messageRoutes } from './message-routes.ts';
import { MessageService } from './message-service.ts';
import type { OnlineOnlyHook, StoredHook } from './message-service.ts';
import { RevokeService } from './revoke-service.ts';
import { EditService } from '../change/edit-service.ts';
import { ReactionService } from '../change/reaction-service.ts';

/**
 * The messaging core's services, built once per app and shared by the IM API routes, the gateway and
 * other areas: friends and groups store their notifications with `messages.storeNotification`.
 * Messages and each user's conversations are one area (this folder): storing a message moves the
 * conversation rows in the same transaction, and a conversation's item shows its latest message.
 */
export interface Messaging {
  messages: MessageService;
  revokes: RevokeService;
  /** Edits and reactions: changes to sent messages (src/change/, docs/api.md#message-changes). */
  edits: EditService;
  reactions: ReactionService;
  conversations: ConversationService;
}

/** What other areas hook into the messaging core; given by the composition root (src/app.ts). */
export interface MessagingHooks {
  onlineOnly?: OnlineOnlyHook;
  stored?: StoredHook;
  read?: ReadHook;
}

export function createMessaging(
  ctx: Pick<
    AppContext,
    'db' | 'push' | 'userCache' | 'messageWriter' | 'sendFacts' | 'groupMembers' | 'reads'
  >,
  hooks: MessagingHooks = {},
): Messaging {
  return {
    messages: new MessageService(ctx, hooks.onlineOnly, hooks.stored),
    revokes: new RevokeService(ctx),
    edits: new EditService(ctx),
    reactions: new ReactionService(ctx),
    conversations: new ConversationService(ctx, hooks.read),
  };
}

/** The conversation and message routes; register inside the /api scope (IM token hook). */
export function messagingRoutes(api: FastifyInstance, messaging: Messaging): void {
  conversationRoutes(api, messaging.conversations);
  messageRoutes(api, messaging.messages);
}
