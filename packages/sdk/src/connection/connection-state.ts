/** Where the gateway connection is; it changes only in Connection#setState, which emits. */
export const ConnectionState = {
  /** Not started yet, or stopped on purpose and may start again. */
  Disconnected: 0,
  /** The first attempt of a connect() is under way. */
  Connecting: 1,
  Connected: 2,
  /** The socket was lost; waiting out the backoff or trying again. */
  Reconnecting: 3,
  /** Ended for good (kicked, token expired, login expired, logout): no reconnect. */
  Closed: 4,
} as const;
export type ConnectionState = (typeof ConnectionState)[keyof typeof ConnectionState];

/** Why a connection was closed for good. */
export type CloseReason = 'kicked' | 'tokenExpired' | 'loginExpired' | 'closed';
