import { describe, expect, it } from 'vitest';
import { ErrCode } from '@im/protocol';
import type { MessageItem, SendMsgReq } from '@im/protocol';
import { ApiError, SdkErrCode } from '../src/api-error.ts';
import { Outbox } from '../src/messaging/outbox.ts';

const req = (clientMsgID: string): SendMsgReq => ({
  clientMsgID,
  recvID: 'bob',
  sessionType: 1,
  contentType: 101,
  content: { content: 'x' },
});

describe('outbox', () => {
  it('gives up after the bound of unanswered attempts, with the last error', async () => {
    let attempts = 0;
    const outbox = new Outbox({
      send: async () => {
        attempts += 1;
        throw new ApiError(SdkErrCode.TIMEOUT, 'no answer');
      },
      isConnected: () => true,
      maxAttempts: 4,
    });
    await expect(outbox.submit(req('c1'))).rejects.toMatchObject({ errCode: SdkErrCode.TIMEOUT });
    expect(attempts).toBe(4);
    expect(outbox.size).toBe(0);
  });

  it('fails at once on an error the server answered', async () => {
    let attempts = 0;
    const outbox = new Outbox({
      send: async () => {
        attempts += 1;
        throw new ApiError(1002, 'no permission');
      },
      isConnected: () => true,
    });
    await expect(outbox.submit(req('c2'))).rejects.toMatchObject({ errCode: 1002 });
    expect(attempts).toBe(1);
  });

  it('resends a send the server could not store (1008) with the same clientMsgID until it is stored', async () => {
    const sent: string[] = [];
    const outbox = new Outbox({
      send: async (r) => {
        sent.push(r.clientMsgID);
        // The database is away for the first six answers: more than the bound of unanswered attempts.
        if (sent.length <= 6) throw new ApiError(ErrCode.UNAVAILABLE, 'service temporarily unavailable');
        return { clientMsgID: r.clientMsgID, seq: 7 } as MessageItem;
      },
      isConnected: () => true,
      maxAttempts: 2,
      unavailableRetryMs: 5,
    });
    const stored = await outbox.submit(req('u1'));
    expect(stored).toMatchObject({ clientMsgID: 'u1', seq: 7 });
    expect(sent).toEqual(Array.from({ length: 7 }, () => 'u1'));
    expect(outbox.size).toBe(0);
  });

  it('stops resending a send answered 1008 at its deadline', async () => {
    let attempts = 0;
    const outbox = new Outbox({
      send: async () => {
        attempts += 1;
        throw new ApiError(ErrCode.UNAVAILABLE, 'service temporarily unavailable');
      },
      isConnected: () => true,
      unavailableRetryMs: 5,
      deadlineMs: 100,
    });
    await expect(outbox.submit(req('u2'))).rejects.toMatchObject({ errCode: SdkErrCode.TIMEOUT });
    const after = attempts;
    expect(after).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(attempts).toBe(after);
  });

  it('keeps sends pending past their deadline while the device is offline, then sends them in order once', async () => {
    let offline = true;
    let connected = false;
    const sent: string[] = [];
    const outbox = new Outbox({
      send: async (r) => {
        sent.push(r.clientMsgID);
        return { clientMsgID: r.clientMsgID, seq: sent.length } as MessageItem;
      },
      isConnected: () => connected,
      isDeviceOffline: () => offline,
      deadlineMs: 30,
    });
    let settled = false;
    const first = outbox.submit(req('o1'));
    const second = outbox.submit(req('o2'));
    void Promise.allSettled([first, second]).then(() => (settled = true));
    // Several deadlines pass with no network: nothing fails, nothing is sent.
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(settled).toBe(false);
    expect(outbox.size).toBe(2);
    offline = false;
    connected = true;
    outbox.flush();
    expect(await first).toMatchObject({ clientMsgID: 'o1', seq: 1 });
    expect(await second).toMatchObject({ clientMsgID: 'o2', seq: 2 });
    expect(sent).toEqual(['o1', 'o2']);
  });

  it('fails a send at its deadline when the network is up but the server does not answer', async () => {
    const outbox = new Outbox({
      send: async () => new Promise<MessageItem>(() => undefined),
      isConnected: () => false,
      isDeviceOffline: () => false,
      deadlineMs: 30,
    });
    await expect(outbox.submit(req('d1'))).rejects.toMatchObject({ errCode: SdkErrCode.TIMEOUT });
  });

  it('waits while disconnected, sends on flush, and shares one send per clientMsgID', async () => {
    let connected = false;
    const sent: string[] = [];
    const outbox = new Outbox({
      send: async (r) => {
        sent.push(r.clientMsgID);
        return { clientMsgID: r.clientMsgID, seq: sent.length } as MessageItem;
      },
      isConnected: () => connected,
    });
    const first = outbox.submit(req('a'));
    const again = outbox.submit(req('a'));
    const second = outbox.submit(req('b'));
    expect(again).toBe(first);
    expect(sent).toEqual([]);
    connected = true;
    outbox.flush();
    expect((await first).seq).toBe(1);
    expect((await second).seq).toBe(2);
    expect(sent).toEqual(['a', 'b']);
  });

  it('keeps a send lost with its socket for the reconnect instead of spending attempts', async () => {
    let connected = true;
    let calls = 0;
    const outbox = new Outbox({
      send: async (r) => {
        calls += 1;
        if (calls === 1) {
          connected = false;
          throw new ApiError(SdkErrCode.NETWORK, 'connection lost');
        }
        return { clientMsgID: r.clientMsgID, seq: 1 } as MessageItem;
      },
      isConnected: () => connected,
      maxAttempts: 2,
    });
    const pending = outbox.submit(req('z'));
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(1);
    connected = true;
    outbox.flush();
    expect((await pending).seq).toBe(1);
  });
});
