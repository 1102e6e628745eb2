/** Codes the sdk itself produces when no envelope arrived. */
export const SdkErrCode = {
  NETWORK: -1,
  TIMEOUT: -2,
  BAD_RESPONSE: -3,
  NOT_LOGGED_IN: -4,
  /** The caller stopped it (an upload cancelled, an unsent message deleted). */
  CANCELLED: -5,
} as const;

/** A failed call: the envelope's errCode and errMsg, or one of SdkErrCode. */
export class ApiError extends Error {
  readonly errCode: number;
  readonly errMsg: string;
  readonly errDlt: string | undefined;
  readonly status: number;

  constructor(errCode: number, errMsg: string, status = 0, errDlt?: string) {
    super(`${errCode}: ${errMsg}`);
    this.name = 'ApiError';
    this.errCode = errCode;
    this.errMsg = errMsg;
    this.status = status;
    this.errDlt = errDlt;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** A failure that says nothing about the session: no answer, or a proxy's error page. */
export function isOfflineError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.errCode === SdkErrCode.NETWORK || error.errCode === SdkErrCode.TIMEOUT) return true;
  return error.errCode === SdkErrCode.BAD_RESPONSE && error.status >= 500;
}
