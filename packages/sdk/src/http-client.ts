import { Header, REQUEST_TIMEOUT_MS } from '@im/protocol';
import type { Envelope } from '@im/protocol';
import { ApiError, SdkErrCode } from './api-error.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  baseUrl: () => string;
  /** The token header for calls that need one; undefined sends none. */
  token?: () => string | undefined;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Sees every failed envelope before the caller does (kicked, token expired). */
  onError?: (error: ApiError) => void;
}

/** A request or its answer that did not get through: timeout or network. */
function transportError(error: unknown): ApiError {
  const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
  return timedOut
    ? new ApiError(SdkErrCode.TIMEOUT, 'request timed out')
    : new ApiError(SdkErrCode.NETWORK, 'network error');
}

export function newOperationID(): string {
  return `${Date.now()}-${crypto.randomUUID()}`;
}

/** POST JSON with a new operationID, a 5000 ms timeout, and the envelope turned into data or an ApiError. */
export function createHttpClient(options: HttpClientOptions) {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function send(path: string, body: unknown): Promise<Response> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [Header.operationID]: newOperationID(),
    };
    const token = options.token?.();
    if (token) headers[Header.token] = token;
    try {
      return await doFetch(`${options.baseUrl()}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw transportError(error);
    }
  }

  async function post<T>(path: string, body?: unknown): Promise<T> {
    const response = await send(path, body);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The body never came whole (connection dropped, page unloading, time up): a network failure
      // like one before the answer, not a bad answer (a caller may forget a session on that).
      throw transportError(error);
    }
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

  return { post };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
