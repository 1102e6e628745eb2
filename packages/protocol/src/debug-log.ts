/**
 * Upload debug log (docs/api.md#debug-logs): from About, a device sends its recent log lines, which
 * the server keeps per user for the operator (docs/operations.md#debug-logs). The lines come from a
 * bounded ring buffer in the client that never holds tokens or message text.
 */
export const DebugLogPath = {
  /** On the IM API (`/api`, IM token). */
  upload: '/third/logs/upload',
} as const;

/** Lines one upload carries at most; the client's ring buffer holds as many. */
export const DEBUG_LOG_MAX_LINES = 500;
/** Characters one line holds at most (longer lines are cut by the client). */
export const DEBUG_LOG_LINE_MAX = 1000;
/** Uploads the server keeps per user: a new one past this deletes the oldest. */
export const DEBUG_LOG_KEEP_PER_USER = 10;
/** Uploads a user may send per hour (20005 past it). */
export const DEBUG_LOG_UPLOADS_PER_HOUR = 10;

/** Answer of an upload: the stored upload's ID (for the user to quote to the operator). */
export interface UploadDebugLogResp {
  logID: string;
}
