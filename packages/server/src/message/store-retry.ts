import { ErrCode } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import { isConnectionLost } from '../storage/connection-lost.ts';
import type { MessageWriter } from './message-store.ts';

/** How long the one retry waits: the pool replaces the broken connection meanwhile. */
const RETRY_AFTER_MS = 200;

/**
 * Stores through `writer`, retrying once when the database connection was lost (a store is
 * idempotent by clientMsgID, so a retry never stores a copy); a second loss answers 1008 UNAVAILABLE
 * with Retry-After, which the sdk's outbox retries with the same clientMsgID
 * (docs/operations.md#database-outages). Other failures pass unchanged.
 */
export function retryingWriter(writer: MessageWriter, retryAfterMs = RETRY_AFTER_MS): MessageWriter {
  return {
    async store(draft, options) {
      try {
        return await writer.store(draft, options);
      } catch (error) {
        if (!isConnectionLost(error)) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
      try {
        return await writer.store(draft, options);
      } catch (error) {
        if (!isConnectionLost(error)) throw error;
        throw new AppError(ErrCode.UNAVAILABLE, {
          retryAfter: 1,
          detail: 'message not stored: database unreachable',
        });
      }
    },
  };
}
