/** The zod schema of the debug log upload (docs/api.md#debug-logs); its values are in debug-log.ts. */
import { z } from 'zod';
import { DEBUG_LOG_LINE_MAX, DEBUG_LOG_MAX_LINES } from './debug-log.ts';

export const uploadDebugLogSchema = z.object({
  lines: z.array(z.string().max(DEBUG_LOG_LINE_MAX)).min(1).max(DEBUG_LOG_MAX_LINES),
  /** The client's version, as About shows it. */
  appVersion: z.string().max(64).default(''),
  /** The browser's user agent. */
  userAgent: z.string().max(512).default(''),
});

export type UploadDebugLogReq = z.input<typeof uploadDebugLogSchema>;
