import { ErrCode, errMessages, httpStatusFor } from '@im/protocol';
import { isConnectionLost } from '../storage/connection-lost.ts';

/**
 * A failure that answers the envelope with its code (docs/decisions.md#protocol-conventions). Services throw
 * it; the error handler turns it into `{ errCode, errMsg, errDlt }` with the HTTP status of the code's class.
 */
export class AppError extends Error {
  readonly errCode: number;
  readonly errDlt?: string;
  readonly status: number;
  /** Seconds the client should wait (429 answers carry Retry-After). */
  readonly retryAfter?: number;

  constructor(errCode: number, options: { message?: string; detail?: string; retryAfter?: number } = {}) {
    super(options.message ?? errMessages[errCode] ?? 'error');
    this.errCode = errCode;
    this.errDlt = options.detail;
    this.status = httpStatusFor(errCode);
    this.retryAfter = options.retryAfter;
  }
}

/**
 * Any failure as the envelope's error: an AppError as it is, a lost database connection as 1008
 * UNAVAILABLE (the client may retry; docs/operations.md#database-outages), anything else as 1005.
 */
export function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isConnectionLost(error)) return new AppError(ErrCode.UNAVAILABLE, { retryAfter: 1 });
  return new AppError(ErrCode.SERVER);
}
