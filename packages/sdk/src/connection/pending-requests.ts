import type { WsResponse } from '@im/protocol';
import { ApiError, SdkErrCode } from '../api-error.ts';

interface Pending {
  resolve: (data: unknown) => void;
  reject: (error: ApiError) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** Requests on the socket waiting for the answer with the same msgIncr, each with its own timeout. */
export class PendingRequests {
  #pending = new Map<string, Pending>();
  #next = 0;

  /** A msgIncr unique for the life of this client (answers of an old socket cannot match a new request). */
  nextIncr(): string {
    this.#next += 1;
    return String(this.#next);
  }

  wait(msgIncr: string, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(msgIncr);
        reject(new ApiError(SdkErrCode.TIMEOUT, 'gateway request timed out'));
      }, timeoutMs);
      this.#pending.set(msgIncr, { resolve, reject, timer });
    });
  }

  /** Settles the request this answer belongs to; false when none waits for it (late or unknown). */
  settle(response: WsResponse): boolean {
    const pending = this.#pending.get(response.msgIncr);
    if (!pending) return false;
    this.#pending.delete(response.msgIncr);
    clearTimeout(pending.timer);
    if (response.errCode === 0) pending.resolve(response.data);
    else pending.reject(new ApiError(response.errCode, response.errMsg ?? ''));
    return true;
  }

  /** A lost socket answers nothing more: fail everything still waiting at once. */
  rejectAll(error: ApiError): void {
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.#pending.clear();
  }

  get size(): number {
    return this.#pending.size;
  }
}
