export { IMClient, createIMClient } from './im-client.ts';
export type { IMClientOptions, LoginParams } from './im-client.ts';
export type { IMEvents } from './im-events.ts';
export type { PageParams } from './paging.ts';
export { newClientMsgID } from './messaging/message-factory.ts';
export type { TextAtMessageInput } from './messaging/message-factory.ts';
export type { UploadBody, UploadControl } from './http-client.ts';
export { localMediaOf, MediaPurpose } from './messaging/media-messages.ts';
export type {
  FileMessageInput,
  ImageMessageInput,
  LocalMedia,
  MediaMessageItem,
  MediaPurposeValue,
  MediaUploadResp,
  SoundMessageInput,
  VideoMessageInput,
} from './messaging/media-messages.ts';
export type { Uploader } from './messaging/media-uploads.ts';
export { LoginStatus } from './login-status.ts';
export { ApiError, SdkErrCode, isApiError, isOfflineError } from './api-error.ts';
export { memoryStorage } from './key-value-storage.ts';
export type { KeyValueStorage } from './key-value-storage.ts';
export type { Session } from './session-store.ts';
export { defaultSettings, readSettings } from './settings.ts';
export type { PageLocation, Settings } from './settings.ts';
export { createHttpClient, newOperationID } from './http-client.ts';
export type { ConnectFailed, MessageChange, SyncFlag } from './im-events.ts';
export type { EditContent } from './changes/message-changes.ts';
export { ConnectionState } from './connection/connection-state.ts';
export type { CloseReason } from './connection/connection-state.ts';
export { Connection } from './connection/connection.ts';
export type { ConnectionOptions, ConnectionEvents } from './connection/connection.ts';
export { backoffDelay, backoffCap, DEFAULT_BACKOFF } from './connection/backoff.ts';
export type { BackoffOptions } from './connection/backoff.ts';
export type { HeartbeatOptions } from './connection/heartbeat.ts';
export type { WebSocketLike, WebSocketConstructor } from './connection/websocket-like.ts';
export type { MessagingOptions } from './session/messaging-options.ts';
export type { SendMessageParams } from './messaging/own-sends.ts';
export type { MessagesModule } from './modules/messages.ts';
export type { ConversationsModule } from './modules/conversations.ts';
export type { ContactsModule } from './modules/contacts.ts';
export type { GroupsModule } from './modules/groups.ts';
export type { AccountModule } from './modules/account.ts';
export type { FilesModule } from './modules/files.ts';
export { DEFAULT_TIMELINE_PAGE, EMPTY_TIMELINE, Timeline } from './timeline/timeline.ts';
export type {
  TimelineChange,
  TimelineListener,
  TimelineSnapshot,
  TimelineSource,
} from './timeline/timeline.ts';
export type { TimelineEvent } from './timeline/timeline-events.ts';
export { customTypeOf, isCallSignalMessage, isRevokeNoticeRecord } from './timeline/message-kinds.ts';
export type { CustomMessageInput } from './messaging/message-factory.ts';
export type { HistoryPage, HistoryParams } from './messaging/history.ts';
export type { LocalStore } from './store/local-store.ts';
export { MemoryStore } from './store/memory-store.ts';
export { openIndexedDbStore } from './store/indexeddb-store.ts';
export { compareConversations, totalUnread } from './conversations/conversation-order.ts';
export type { CallsModule, CallsOptions } from './modules/calls.ts';
export { CallState } from './calls/call-types.ts';
export type {
  CallEndReason,
  CallEnded,
  CallEvents,
  CallInfo,
  CallPeer,
  CallRole,
} from './calls/call-types.ts';
export type { StartCallParams, CallTimers } from './calls/call-machine-ports.ts';
// Types only: the machine and the media load with the first call (modules/calls.ts).
export type { CallMachine } from './calls/call-machine.ts';
export type { CallMediaPort, CreateCallMedia, MediaListener, MediaSpec } from './calls/call-media-port.ts';
export type { CallMedia, MediaLink, RtcRuntime } from './calls/call-media.ts';
export { CallSettingKey, readCallSettings } from './calls/call-settings.ts';
export type { CardInput, FaceInput, LocationInput } from './messaging/rich-messages.ts';
export { MERGE_ABSTRACT_LINES, MERGE_MAX_MESSAGES } from './messaging/rich-messages.ts';
export type { DebugLogModule } from './modules/debug-log.ts';
export type { PushModule, PushSubscriptionJSON } from './modules/push.ts';
export { DebugLogBuffer, captureConsole } from './debug-log/debug-log-buffer.ts';
export type { DebugLogLevel } from './debug-log/debug-log-buffer.ts';
export type { SearchPage, SearchParams } from './messaging/search.ts';
