import type { MessageItem, MessageReaction, MessageReadersResp, ReadStateResp } from '@im/protocol';
import type { EditContent } from '../changes/message-changes.ts';
import { createCustomMessage, createTextAtMessage, createTextMessage } from '../messaging/message-factory.ts';
import type { CustomMessageInput, TextAtMessageInput } from '../messaging/message-factory.ts';
import * as rich from '../messaging/rich-messages.ts';
import type { HistoryPage, HistoryParams } from '../messaging/history.ts';
import type { SearchPage, SearchParams } from '../messaging/search.ts';
import {
  createFileMessage,
  createImageMessage,
  createSoundMessage,
  createVideoMessage,
} from '../messaging/media-messages.ts';
import type {
  FileMessageInput,
  ImageMessageInput,
  MediaMessageItem,
  SoundMessageInput,
  VideoMessageInput,
} from '../messaging/media-messages.ts';
import type { SendMessageParams } from '../messaging/own-sends.ts';
import type { Timeline, TimelineSnapshot } from '../timeline/timeline.ts';
import type { CoreAccess } from './logged-in-core.ts';

/**
 * `im.messages`: making, sending and managing messages, and the timeline a chat screen shows
 * (docs/sdk.md "Messages"). Every call needs a login; without one it throws ApiError NOT_LOGGED_IN.
 */
export class MessagesModule {
  #access: CoreAccess;

  constructor(access: CoreAccess) {
    this.#access = access;
  }

  createTextMessage(text: string): MessageItem {
    this.#access.core();
    return createTextMessage(this.#access.sender(), text);
  }

  /** A group text with @mentions; send it with sendMessage({ recvID: '', groupID, message }). */
  createTextAtMessage(input: TextAtMessageInput): MessageItem {
    this.#access.core();
    return createTextAtMessage(this.#access.sender(), input);
  }

  /** A custom message (data is a JSON string; call signals carry customType 200–204). */
  createCustomMessage(input: CustomMessageInput): MessageItem {
    this.#access.core();
    return createCustomMessage(this.#access.sender(), input);
  }

  // Rich messages (messaging/rich-messages.ts): quote, card, location, merge, sticker, forward.
  createQuoteMessage(text: string, quoted: MessageItem): MessageItem {
    return rich.createQuoteMessage(this.#sender(), text, quoted);
  }
  createCardMessage(user: rich.CardInput): MessageItem {
    return rich.createCardMessage(this.#sender(), user);
  }
  createLocationMessage(place: rich.LocationInput): MessageItem {
    return rich.createLocationMessage(this.#sender(), place);
  }
  createMergerMessage(
    messages: readonly MessageItem[],
    title: string,
    summarize?: (m: MessageItem) => string,
  ) {
    return rich.createMergerMessage(this.#sender(), messages, title, summarize);
  }
  createFaceMessage(face: rich.FaceInput): MessageItem {
    return rich.createFaceMessage(this.#sender(), face);
  }
  createForwardMessage(message: MessageItem): MessageItem {
    return rich.createForwardMessage(this.#sender(), message);
  }

  /** The logged-in sender (throws NOT_LOGGED_IN without a login). */
  #sender() {
    this.#access.core();
    return this.#access.sender();
  }

  /**
   * A picture (102) from a Blob already resized by the caller (long side ≤ 1920 unless sent as
   * original; the web does it with a canvas). Like every media message it holds its bytes until
   * sendMessage has uploaded them: the timeline shows it at once with its upload's progress.
   */
  createImageMessage(input: ImageMessageInput): MediaMessageItem {
    this.#access.core();
    return createImageMessage(this.#access.sender(), input);
  }

  /** A video (104) with its poster frame (uploaded as videoSnapshot). */
  createVideoMessage(input: VideoMessageInput): MediaMessageItem {
    this.#access.core();
    return createVideoMessage(this.#access.sender(), input);
  }

  /** A file (105) of any type, downloaded later with its original name. */
  createFileMessage(input: FileMessageInput): MediaMessageItem {
    this.#access.core();
    return createFileMessage(this.#access.sender(), input);
  }

  /** A voice recording (103), 1–60 s of Opus in WebM or Ogg. */
  createSoundMessage(input: SoundMessageInput): MediaMessageItem {
    this.#access.core();
    return createSoundMessage(this.#access.sender(), input);
  }

  /**
   * Stops an unsent message: its upload is aborted (or its wait for the gateway ends), its promise
   * rejects with CANCELLED, and it stays Failed with its bytes, to be resent or deleted. Deleting
   * it (deleteMessageFromLocalStorage) aborts the upload too. False when nothing was under way.
   */
  cancelSend(clientMsgID: string): boolean {
    return this.#access.core().cancelSend(clientMsgID);
  }

  /**
   * Sends and resolves with the stored message. From the call on, the message is in the local store
   * and in its timeline as Sending; it becomes Succeeded (seq, serverMsgID, sendTime, in place) or
   * Failed when the retries end (the promise then rejects). `message` itself is never changed.
   */
  sendMessage(params: SendMessageParams): Promise<MessageItem> {
    return this.#access.core().sendMessage(params);
  }

  /**
   * Sends a Failed message again, with its clientMsgID (the server stores it once); a media message
   * whose upload failed uploads its bytes again first.
   */
  resendMessage(clientMsgID: string): Promise<MessageItem> {
    return this.#access.core().resendMessage(clientMsgID);
  }

  revokeMessage(params: { conversationID: string; clientMsgID: string }): Promise<void> {
    return this.#access.core().revokeMessage(params.conversationID, params.clientMsgID);
  }

  /**
   * Edits an own text or @-text message (within EDIT_WINDOW_MS of its send) with its new element
   * (`{ content }` for text, `{ text, atUserList }` for @-text); resolves with the message as
   * edited (editTime set). Every device shows the new text (docs/sdk.md "Message changes").
   */
  editMessage(params: {
    conversationID: string;
    clientMsgID: string;
    content: EditContent;
  }): Promise<MessageItem> {
    return this.#access.core().changes.edit(params.conversationID, params.clientMsgID, params.content);
  }

  /** Puts one of REACTION_EMOJIS on a message; resolves with its reactions after it. */
  addReaction(params: {
    conversationID: string;
    clientMsgID: string;
    emoji: string;
  }): Promise<MessageReaction[]> {
    return this.#access.core().changes.react(params.conversationID, params.clientMsgID, params.emoji, true);
  }

  /** Takes back an own reaction; resolves with the message's reactions after it. */
  removeReaction(params: {
    conversationID: string;
    clientMsgID: string;
    emoji: string;
  }): Promise<MessageReaction[]> {
    return this.#access.core().changes.react(params.conversationID, params.clientMsgID, params.emoji, false);
  }

  /**
   * Deletes one message on this device only: a stored one is kept as status Deleted (timelines and
   * history leave it out), an unsent one is no longer sent and leaves the store.
   */
  deleteMessageFromLocalStorage(params: { conversationID: string; clientMsgID: string }): Promise<void> {
    return this.#access.core().deleteLocalMessage(params.conversationID, params.clientMsgID);
  }

  /** An online-only typing notice to a peer; never stored. */
  typingStatusUpdate(params: { recvID: string; msgTips: string }): Promise<void> {
    return this.#access.core().typingStatusUpdate(params.recvID, params.msgTips);
  }

  /** One page of stored history, ascending (from the store when it holds it, else the server). */
  getAdvancedHistoryMessageList(params: HistoryParams): Promise<HistoryPage> {
    return this.#access.core().getHistory(params);
  }

  /**
   * How far the other participants have read (their hasReadSeq, as unread counts use it): the
   * peer of a one-to-one chat, the members of a group that keeps receipts. Live changes come as
   * `readReceipt` events (docs/sdk.md "Read receipts and burn-after-reading").
   */
  getReadState(conversationID: string): Promise<ReadStateResp> {
    return this.#access.core().getReadState(conversationID);
  }

  /** Who has read an own group message and who has not. */
  getMessageReaders(params: { conversationID: string; seq: number }): Promise<MessageReadersResp> {
    return this.#access.core().getMessageReaders(params.conversationID, params.seq);
  }

  markConversationMessageAsRead(conversationID: string): Promise<void> {
    return this.#access.core().markConversationMessageAsRead(conversationID);
  }

  /**
   * The sdk's view of a conversation (timeline/timeline.ts): its unsent messages at once, the newest
   * page on the first `loadOlder()`, then every change. Close it when the screen goes.
   */
  openTimeline(conversationID: string, pageSize?: number): Timeline {
    return this.#access.core().openTimeline(conversationID, pageSize);
  }

  /**
   * What the chat's timeline shows once open, when its newest page is held in memory (preloaded,
   * or the chat was open a moment ago): a screen renders it at once, and the timeline it then opens
   * shows the same messages after its first `loadOlder()`, which needs no read. Undefined otherwise
   * (and when not logged in).
   */
  openingSnapshot(conversationID: string): TimelineSnapshot | undefined {
    try {
      return this.#access.core().openingSnapshot(conversationID);
    } catch {
      return undefined; // nobody logged in: nothing kept
    }
  }

  /**
   * Reads the newest page of these chats (the top of the conversation list) into memory, so that
   * opening one shows it without waiting for the store (docs/sdk.md#timeline). A few are kept;
   * any change to a chat drops its page. Never rejects: a chat not read is read when it opens.
   */
  preloadNewestPages(conversationIDs: readonly string[]): Promise<void> {
    return this.#access.core().preloadNewestPages(conversationIDs);
  }

  /**
   * Messages on this device whose written text contains the keyword (Chinese included), newest first
   * (docs/sdk.md#message-search). Instant and offline; the server's half is searchMessages.
   */
  searchLocalMessages(params: SearchParams): Promise<MessageItem[]> {
    return this.#access.core().search.local(params);
  }

  /**
   * One page of the server's search, newest first: every message the user may see, history this
   * device never synced included. Rejects with the envelope's error (ARGS for a bad keyword).
   */
  searchMessages(params: SearchParams): Promise<SearchPage> {
    return this.#access.core().search.server(params);
  }
}
