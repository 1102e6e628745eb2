/** Request, push and close codes of the gateway (kept apart from its zod schemas, see paths.ts). */

/** Request identifiers of the gateway (client → server), answered with the same reqIdentifier. */
export const WsReq = {
  GetMaxSeqs: 1001,
  PullMsgs: 1002,
  SendMsg: 1003,
  MarkAsRead: 1004,
  Typing: 1005,
  Revoke: 1006,
  SetBackground: 1007,
  Heartbeat: 1008,
  /** Edits an own text message (docs/api.md#message-changes). */
  Edit: 1009,
  /** Adds or takes back a reaction (docs/api.md#message-changes). */
  React: 1010,
  /**
   * A page of the conversation list, as the IM API's get_sorted_conversation_list answers it: the
   * sdk's refresh after a sync asks it on the socket it just pulled on (docs/api.md "Gateway").
   */
  GetConversationList: 1011,
} as const;

/** Push identifiers (server → client); a push has no msgIncr. */
export const WsPush = {
  NewMessage: 2001,
  KickOnline: 2002,
  TokenExpired: 2003,
  ConversationChanged: 2004,
  /** Typing and other online-only messages that are not stored. */
  OnlineOnly: 2005,
  /** Friend, group and profile events: { event, data }. */
  Notice: 2006,
} as const;

/** Close codes the gateway uses beyond the standard ones. */
export const WsClose = {
  TooBig: 1009,
  /** The node is stopping (SIGTERM): reconnect, through the load balancer, to another one. */
  ServiceRestart: 1012,
  Kicked: 4001,
  TokenExpired: 4002,
  Idle: 4003,
  RateLimited: 4008,
  /** More sockets than the session may hold (the server's GATEWAY_MAX_SOCKETS_PER_TOKEN). */
  TooManySockets: 4009,
} as const;

export const GATEWAY_MAX_PAYLOAD = 1024 * 1024;
