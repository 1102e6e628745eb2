/** The parent's order to every client process: reconnect over [startAt, startAt + spreadMs] (epoch ms). */
export interface StormOrder {
  startAt: number;
  spreadMs: number;
}

/** One user's reconnect, timed from its own reconnect moment (ms; -1: never got there). */
export interface CatchUp {
  userID: string;
  /** Its reconnect moment, from the storm's start. */
  reconnectAtMs: number;
  /** The gateway socket open. */
  openMs: number;
  /** Every missed message in hand (the last PullMsgs answered). */
  caughtUpMs: number;
  /** The conversation list answered too: the sdk's sync finished. */
  syncedMs: number;
  messages: number;
  /** PullMsgs requests sent, and the most messages one of them answered. */
  pulls: number;
  largestAnswer: number;
  /** Attempts that failed (socket refused or closed, an error answer) and were made again. */
  retries: number;
  /** Why attempts failed: the error's message, counted. */
  failures: Record<string, number>;
  /** Seqs asked for and not answered. */
  gaps: number;
}
