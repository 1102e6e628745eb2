import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient, SdkErrCode } from '../src/index.ts';
import type { FetchLike } from '../src/http-client.ts';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('http client', () => {
  it('posts JSON with a new operationID each time and the token header', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetch: FetchLike = async (url, init) => {
      calls.push({ url, init });
      return jsonResponse({ errCode: 0, errMsg: '', data: { ok: true } });
    };
    const client = createHttpClient({ baseUrl: () => 'http://h/chat', token: () => 'tkn', fetch });
    expect(await client.post('/user/find/full', { userIDs: ['1'] })).toEqual({ ok: true });
    await client.post('/user/find/full', {});
    const headers = calls.map((c) => c.init.headers as Record<string, string>);
    expect(calls[0].url).toBe('http://h/chat/user/find/full');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe('{"userIDs":["1"]}');
    expect(headers[0].token).toBe('tkn');
    expect(headers[0].operationID).toBeTruthy();
    expect(headers[0].operationID).not.toBe(headers[1].operationID);
  });

  it('sends no token header when there is no token', async () => {
    let seen: Record<string, string> = {};
    const fetch: FetchLike = async (_url, init) => {
      seen = init.headers as Record<string, string>;
      return jsonResponse({ errCode: 0, errMsg: '' });
    };
    await createHttpClient({ baseUrl: () => '', token: () => undefined, fetch }).post('/x');
    expect('token' in seen).toBe(false);
  });

  it('turns a nonzero errCode into an ApiError and tells onError', async () => {
    const onError = vi.fn();
    const fetch: FetchLike = async () => jsonResponse({ errCode: 20001, errMsg: 'password error' }, 400);
    const client = createHttpClient({ baseUrl: () => '', fetch, onError });
    const error = await client.post('/account/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errCode).toBe(20001);
    expect((error as ApiError).errMsg).toBe('password error');
    expect((error as ApiError).status).toBe(400);
    expect(onError).toHaveBeenCalledOnce();
  });

  it('times out after the given time with a timeout code', async () => {
    const fetch: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const client = createHttpClient({ baseUrl: () => '', fetch, timeoutMs: 30 });
    const error = (await client.post('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.errCode).toBe(SdkErrCode.TIMEOUT);
  });

  it('reports a network failure and a body that is not an envelope', async () => {
    const down = createHttpClient({
      baseUrl: () => '',
      fetch: async () => Promise.reject(new TypeError('x')),
    });
    expect(((await down.post('/x').catch((e: unknown) => e)) as ApiError).errCode).toBe(SdkErrCode.NETWORK);
    const html = createHttpClient({
      baseUrl: () => '',
      fetch: async () => new Response('<html>', { status: 502 }),
    });
    expect(((await html.post('/x').catch((e: unknown) => e)) as ApiError).errCode).toBe(
      SdkErrCode.BAD_RESPONSE,
    );
  });

  it('reports an answer whose body broke off (page unloading, connection lost) as a network failure', async () => {
    const broken = createHttpClient({
      baseUrl: () => '',
      fetch: async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"errCode":0,'));
              controller.error(new TypeError('network error'));
            },
          }),
          { status: 200 },
        ),
    });
    expect(((await broken.post('/x').catch((e: unknown) => e)) as ApiError).errCode).toBe(SdkErrCode.NETWORK);
  });
});
