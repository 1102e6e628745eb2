import { randomUUID } from 'node:crypto';
import { DEBUG_LOG_KEEP_PER_USER, DEBUG_LOG_UPLOADS_PER_HOUR } from '@im/protocol';
import type { uploadDebugLogSchema, UploadDebugLogResp } from '@im/protocol';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { AuthContext } from '../auth/token-service.ts';

type Upload = z.output<typeof uploadDebugLogSchema>;

/**
 * What looks like a secret in a log line: a JWT (our tokens are JWTs), or a `token`/`password` field
 * with its value. The client never logs them (docs/sdk.md#debug-log); masking them again here keeps a
 * careless line from storing one.
 */
const SECRETS = [
  /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g,
  /((?:token|password|passwd|secret)["']?\s*[:=]\s*["']?)[^\s"',}]+/gi,
];

export function maskSecrets(line: string): string {
  return SECRETS.reduce(
    (text, pattern) => text.replace(pattern, (_m, key?: string) => `${key ?? ''}***`),
    line,
  );
}

/**
 * Debug log uploads (docs/api.md#debug-logs): stored per user for the operator
 * (docs/operations.md#debug-logs), at most DEBUG_LOG_KEEP_PER_USER each (the oldest go), and at most
 * DEBUG_LOG_UPLOADS_PER_HOUR an hour per user (20005).
 */
export class DebugLogService {
  readonly #deps: Pick<AppContext, 'db' | 'limiter' | 'log'>;

  constructor(deps: Pick<AppContext, 'db' | 'limiter' | 'log'>) {
    this.#deps = deps;
  }

  async upload(auth: AuthContext, req: Upload, now = Date.now()): Promise<UploadDebugLogResp> {
    const { db, limiter } = this.#deps;
    await limiter.hit(`debug-log:${auth.userID}`, DEBUG_LOG_UPLOADS_PER_HOUR, 3600_000);
    const logID = randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('debugLogs')
        .values({
          logId: logID,
          userId: auth.userID,
          platform: auth.platform,
          appVersion: req.appVersion,
          userAgent: req.userAgent,
          lineCount: req.lines.length,
          content: req.lines.map(maskSecrets).join('\n'),
          createdAt: now,
        })
        .execute();
      // Keep the newest uploads of this user only.
      const stale = await trx
        .selectFrom('debugLogs')
        .select('logId')
        .where('userId', '=', auth.userID)
        .orderBy('createdAt', 'desc')
        .orderBy('logId', 'desc')
        .offset(DEBUG_LOG_KEEP_PER_USER)
        .limit(1000)
        .execute();
      if (stale.length > 0)
        await trx
          .deleteFrom('debugLogs')
          .where(
            'logId',
            'in',
            stale.map((row) => row.logId),
          )
          .execute();
    });
    this.#deps.log.info({ userID: auth.userID, logID, lines: req.lines.length }, 'debug log uploaded');
    return { logID };
  }
}
