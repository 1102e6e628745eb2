import { Header, REQUEST_TIMEOUT_MS } from '@im/protocol';
import type { Envelope } from '@im/protocol';
import { ApiError, SdkErrCode } from './api-error.ts';
import { xhrPost } from './xhr-upload.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  baseUrl: () => string;
  /** The token header for calls that need one; undefined sends none. */
  token?: () => string | undefined;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Timeout of an upload (a file on a phone's uplink takes longer than a call): default 60 s. */
  uploadTimeoutMs?: number;
  /** Sees every failed envelope before the caller does (kicked, token expired). */
  onError?: (error: ApiError) => void;
}

/** A request or its answer that did not get through: timeout or network. */
export function cancelled(): ApiError {
  return new ApiError(SdkErrCode.CANCELLED, 'cancelled');
}

function transportError(error: unknown): ApiError {
  const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
  return timedOut
    ? new ApiError(SdkErrCode.TIMEOUT, 'request timed out')
    : new ApiError(SdkErrCode.NETWORK, 'network error');
}

export function newOperationID(): string {
  return `${Date.now()}-${crypto.randomUUID()}`;
}

/** What an upload's body may be: the file's bytes as they are. */
export type UploadBody = Blob | Uint8Array<ArrayBuffer>;

export const UPLOAD_TIMEOUT_MS = 60_000;

/** How a long upload reports and stops: bytes sent so far, and a signal that aborts it. */
export interface UploadControl {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * POST JSON with a new operationID, a 5000 ms timeout, and the envelope turned into data or an
 * ApiError; `upload` POSTs raw bytes the same way, with a longer timeout.
 */
export function createHttpClient(options: HttpClientOptions) {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function send(
    path: string,
    body: BodyInit,
    contentType: string,
    timeout = timeoutMs,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      'content-type': contentType,
      [Header.operationID]: newOperationID(),
    };
    const token = options.token?.();
    if (token) headers[Header.token] = token;
    try {
      return await doFetch(`${options.baseUrl()}${path}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(timeout),
      });
    } catch (error) {
      throw transportError(error);
    }
  }

  async function post<T>(path: string, body?: unknown): Promise<T> {
    return answer<T>(await send(path, JSON.stringify(body ?? {}), 'application/json'));
  }

  /** The file's bytes as the body (the server sniffs the type; the header only says "bytes"). */
  async function upload<T>(path: string, body: UploadBody): Promise<T> {
    const timeout = options.uploadTimeoutMs ?? UPLOAD_TIMEOUT_MS;
    return answer<T>(await send(path, body, 'application/octet-stream', timeout));
  }

  /**
   * A media upload (docs/api.md "Uploads"): with XMLHttpRequest where the runtime has one (a browser:
   * it reports the bytes sent), else with fetch (Node, or a fetch given for tests: no progress
   * between 0 and the end). The timeout counts from the last progress, so a slow uplink that moves
   * is never cut; `signal` aborts it (ApiError CANCELLED).
   */
  async function uploadWithProgress<T>(path: string, body: Blob, control: UploadControl = {}): Promise<T> {
    const timeout = options.uploadTimeoutMs ?? UPLOAD_TIMEOUT_MS;
    const headers: Record<string, string> = {
      'content-type': 'application/octet-stream',
      [Header.operationID]: newOperationID(),
    };
    const token = options.token?.();
    if (token) headers[Header.token] = token;
    const url = `${options.baseUrl()}${path}`;
    if (control.signal?.aborted) throw cancelled();
    if (!options.fetch && typeof XMLHttpRequest !== 'undefined') {
      const answered = await xhrPost(url, headers, body, { ...control, stallMs: timeout });
      return parse<T>(answered.status, answered.text);
    }
    let response: Response;
    try {
      const signals = [AbortSignal.timeout(timeout), ...(control.signal ? [control.signal] : [])];
      response = await doFetch(url, { method: 'POST', headers, body, signal: AbortSignal.any(signals) });
    } catch (error) {
      throw control.signal?.aborted ? cancelled() : transportError(error);
    }
    const answered = await answer<T>(response);
    control.onProgress?.(body.size, body.size);
    return answered;
  }

  async function answer<T>(response: Response): Promise<T> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The body never came whole (connection dropped, page unloading, time up): a network failure
      // like one before the answer, not a bad answer (a caller may forget a session on that).
      throw transportError(error);
    }
    return parse<T>(response.status, text);
  }

  function parse<T>(status: number, text: string): T {
    const response = { status };
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      throw fail(
        new ApiError(SdkErrCode.BAD_RESPONSE, `bad response (HTTP ${response.status})`, response.status),
      );
    }
    if (typeof envelope?.errCode !== 'number') {
      throw fail(
        new ApiError(SdkErrCode.BAD_RESPONSE, `bad response (HTTP ${response.status})`, response.status),
      );
    }
    if (envelope.errCode !== 0) {
      throw fail(new ApiError(envelope.errCode, envelope.errMsg ?? '', response.status, envelope.errDlt));
    }
    return envelope.data as T;
  }

  function fail(error: ApiError): ApiError {
    options.onError?.(error);
    return error;
  }

  return { post, upload, uploadWithProgress };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
