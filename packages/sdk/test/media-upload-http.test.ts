import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, SdkErrCode } from '../src/index.ts';
import type { FetchLike } from '../src/http-client.ts';
import { createObjectApi } from '../src/http-api/object-api.ts';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ errCode: 0, errMsg: '', data }), {
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('media uploads over HTTP', () => {
  it('POSTs the raw bytes with purpose and name to /object/upload, with the token; progress ends at 1', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fetch: FetchLike = async (url, init) => {
      seen.push({ url, init });
      return ok({
        url: '/api/object/x.bin',
        name: 'x.bin',
        contentType: 'application/octet-stream',
        size: 5,
      });
    };
    const api = createObjectApi(
      createHttpClient({ baseUrl: () => 'http://h/api', token: () => 'tkn', fetch }),
    );
    const onProgress = vi.fn();
    const body = new Blob(['hello']);
    const answer = await api.uploadMedia({ purpose: 'file', name: 'a b.txt', body, onProgress });
    expect(answer.url).toBe('/api/object/x.bin');
    expect(seen[0]!.url).toBe('http://h/api/object/upload?purpose=file&name=a%20b.txt');
    expect(seen[0]!.init.body).toBe(body);
    expect((seen[0]!.init.headers as Record<string, string>).token).toBe('tkn');
    expect(onProgress).toHaveBeenLastCalledWith(5, 5);
  });

  it('an abort rejects with CANCELLED', async () => {
    const fetch: FetchLike = (_url, init) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const api = createObjectApi(createHttpClient({ baseUrl: () => 'http://h/api', fetch }));
    const controller = new AbortController();
    const upload = api.uploadMedia({
      purpose: 'voice',
      name: 'v',
      body: new Blob(['x']),
      signal: controller.signal,
    });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ errCode: SdkErrCode.CANCELLED });
  });

  it('uses XMLHttpRequest where the runtime has one (no fetch given): progress as bytes go', async () => {
    class FakeXhr {
      static last: FakeXhr;
      upload: { onprogress?: (event: { loaded: number; total: number; lengthComputable: boolean }) => void } =
        {};
      status = 0;
      responseText = '';
      headers: Record<string, string> = {};
      url = '';
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      constructor() {
        FakeXhr.last = this;
      }
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send() {}
      abort() {
        this.onabort?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const api = createObjectApi(createHttpClient({ baseUrl: () => 'http://h/api', token: () => 'tkn' }));
    const onProgress = vi.fn();
    const upload = api.uploadMedia({
      purpose: 'picture',
      name: 'p.png',
      body: new Blob(['0123456789']),
      onProgress,
    });
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('http://h/api/object/upload?purpose=picture&name=p.png');
    expect(xhr.headers.token).toBe('tkn');
    xhr.upload.onprogress?.({ loaded: 4, total: 10, lengthComputable: true });
    expect(onProgress).toHaveBeenLastCalledWith(4, 10);
    xhr.status = 200;
    xhr.responseText = JSON.stringify({ errCode: 0, errMsg: '', data: { url: '/api/object/p.png' } });
    xhr.onload?.();
    await expect(upload).resolves.toMatchObject({ url: '/api/object/p.png' });
  });
});
