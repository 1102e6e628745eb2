import type { ConversationItem, MessageItem, PublicUserInfo, SetConversationReq } from '@im/protocol';
import { ApiError, SdkErrCode } from './api-error.ts';
import { ConnectionState } from './connection/connection-state.ts';
import type { ImApi } from './im-api-client.ts';
import type { IMEvents } from './im-events.ts';
import { createCustomMessage, createTextMessage } from './messaging/message-factory.ts';
import type { CustomMessageInput, Sender } from './messaging/message-factory.ts';
import type { HistoryPage, HistoryParams } from './messaging/history.ts';
import type { MessagingSession, SendMessageParams } from './session/messaging-session.ts';
import { TypedEmitter } from './typed-emitter.ts';

/**
 * The messaging calls of spec §7, as IMClient offers them. They need a login (a MessagingSession);
 * without one they throw ApiError NOT_LOGGED_IN. IMClient owns the session's life.
 */
export abstract class MessagingCalls extends TypedEmitter<IMEvents> {
  abstract readonly im: ImApi;
  protected messaging: MessagingSession | null = null;

  /** The logged-in user as a message's sender. */
  protected abstract sender(): Sender;

  protected core(): MessagingSession {
    if (!this.messaging) throw new ApiError(SdkErrCode.NOT_LOGGED_IN, 'not logged in');
    return this.messaging;
  }

  getConnectionState(): ConnectionState {
    return this.messaging?.connection.state ?? ConnectionState.Disconnected;
  }

  /** A page of the sorted list, from the local store when it has synced (then refreshed by events). */
  getConversationListSplit(offset: number, count: number): Promise<ConversationItem[]> {
    return this.core().conversations.listSplit(offset, count);
  }

  getTotalUnreadMsgCount(): Promise<number> {
    return this.core().conversations.totalUnread();
  }

  /** Pin, receive option or draft; announces the result as conversationChanged. */
  setConversation(req: SetConversationReq): Promise<void> {
    return this.core().conversations.setConversation(req);
  }

  deleteConversationAndDeleteAllMsg(conversationID: string): Promise<void> {
    return this.core().conversations.delete(conversationID);
  }

  clearConversationAndDeleteAllMsg(conversationID: string): Promise<void> {
    return this.core().conversations.clear(conversationID);
  }

  getAdvancedHistoryMessageList(params: HistoryParams): Promise<HistoryPage> {
    return this.core().getHistory(params);
  }

  createTextMessage(text: string): MessageItem {
    this.core();
    return createTextMessage(this.sender(), text);
  }

  /** A custom message (data is a JSON string; call signals carry customType 200–204). */
  createCustomMessage(input: CustomMessageInput): MessageItem {
    this.core();
    return createCustomMessage(this.sender(), input);
  }

  /** Resolves with the stored message; see MessagingSession.sendMessage for retries and Failed. */
  sendMessage(params: SendMessageParams): Promise<MessageItem> {
    return this.core().sendMessage(params);
  }

  markConversationMessageAsRead(conversationID: string): Promise<void> {
    return this.core().markConversationMessageAsRead(conversationID);
  }

  /** An online-only typing notice to a peer; never stored. */
  typingStatusUpdate(params: { recvID: string; msgTips: string }): Promise<void> {
    return this.core().typingStatusUpdate(params.recvID, params.msgTips);
  }

  revokeMessage(params: { conversationID: string; clientMsgID: string }): Promise<void> {
    return this.core().revokeMessage(params.conversationID, params.clientMsgID);
  }

  /** Deletes one message on this device only (kept as status Deleted, which history shows as gone). */
  deleteMessageFromLocalStorage(params: { conversationID: string; clientMsgID: string }): Promise<void> {
    return this.core().deleteLocalMessage(params.conversationID, params.clientMsgID);
  }

  getUsersInfo(userIDs: string[]): Promise<PublicUserInfo[]> {
    return this.im.getUsersInfo(userIDs);
  }
}
