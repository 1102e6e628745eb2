/** The debug logs table (migration 0012). Times are milliseconds since the epoch. */

/**
 * One debug log upload (docs/api.md#debug-logs): the recent log lines of one device, kept for the
 * operator (docs/operations.md#debug-logs), at most DEBUG_LOG_KEEP_PER_USER per user.
 */
export interface DebugLogsTable {
  logId: string;
  userId: string;
  /** The session's platform (5 web). */
  platform: number;
  appVersion: string;
  userAgent: string;
  lineCount: number;
  /** The lines joined by '\n', tokens masked by the server as a second guard. */
  content: string;
  createdAt: number;
}

export interface DebugLogTables {
  debugLogs: DebugLogsTable;
}
