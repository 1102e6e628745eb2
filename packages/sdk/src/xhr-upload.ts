import { ApiError, SdkErrCode } from './api-error.ts';

export interface XhrUploadOptions {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Fails with TIMEOUT when no byte moved for this long. */
  stallMs: number;
}

/**
 * POSTs a Blob with XMLHttpRequest, the one browser API that reports the bytes sent as they go
 * (fetch cannot). Resolves with the HTTP status and the body text; a lost connection rejects with
 * NETWORK, a stall with TIMEOUT, the signal with CANCELLED.
 */
export function xhrPost(
  url: string,
  headers: Record<string, string>,
  body: Blob,
  options: XhrUploadOptions,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = (error: ApiError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(stall);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve({ status: xhr.status, text: xhr.responseText });
    };
    const armStall = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        xhr.abort();
        finish(new ApiError(SdkErrCode.TIMEOUT, 'upload stalled'));
      }, options.stallMs);
    };
    const onAbort = () => {
      xhr.abort();
      finish(new ApiError(SdkErrCode.CANCELLED, 'cancelled'));
    };
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      armStall();
      options.onProgress?.(event.loaded, event.lengthComputable ? event.total : body.size);
    };
    xhr.onload = () => finish(null);
    xhr.onerror = () => finish(new ApiError(SdkErrCode.NETWORK, 'network error'));
    xhr.onabort = () => finish(new ApiError(SdkErrCode.CANCELLED, 'cancelled'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    armStall();
    xhr.send(body);
  });
}
