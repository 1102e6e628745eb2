import { ChatPath, FriendPath, HandleResult } from '@im/protocol';
import type { LoginResp } from '@im/protocol';
import { SUPER_CODE } from './cluster.ts';

let serial = 0;

/** POSTs an envelope request and answers its data; throws with the errCode otherwise. */
export async function call<T>(url: string, path: string, body: unknown, token?: string): Promise<T> {
  serial += 1;
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      operationID: `cluster-${serial}`,
      ...(token ? { token } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const envelope = (await response.json()) as { errCode: number; errMsg: string; data?: T };
  if (envelope.errCode !== 0) throw new Error(`${path}: ${envelope.errCode} ${envelope.errMsg}`);
  return envelope.data as T;
}

export interface Account extends LoginResp {
  email: string;
  nickname: string;
}

/** A new account through the chat service, as the web's register screen makes it. */
export async function register(url: string, nickname: string): Promise<Account> {
  const email = `${nickname.toLowerCase()}-${process.pid}-${Date.now()}-${serial}@example.com`;
  const session = await call<LoginResp>(url, `/chat${ChatPath.register}`, {
    verifyCode: SUPER_CODE,
    platform: 5,
    user: { email, password: 'secret123', nickname },
  });
  return { ...session, email, nickname };
}

/** `a` applies and `b` accepts: one-to-one messages go between friends only. */
export async function befriend(url: string, a: LoginResp, b: LoginResp): Promise<void> {
  await call(url, `/api${FriendPath.addFriend}`, { toUserID: b.userID, reqMsg: 'hi' }, a.imToken);
  await call(
    url,
    `/api${FriendPath.respondFriendApplication}`,
    { fromUserID: a.userID, handleResult: HandleResult.Approved },
    b.imToken,
  );
}

/** Runs `task` over the items, `width` at a time (registrations hash passwords: a few at once). */
export async function eachLimited<T, R>(items: T[], width: number, task: (item: T, i: number) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/** `count` accounts, in pairs of friends: 0 with 1, 2 with 3, … */
export async function registerPairs(url: string, count: number, prefix: string): Promise<Account[]> {
  const accounts = await eachLimited(
    Array.from({ length: count }, (_, i) => `${prefix}${i}`),
    4,
    (nickname) => register(url, nickname),
  );
  const pairs = Array.from({ length: count / 2 }, (_, i) => i * 2);
  await eachLimited(pairs, 8, (i) => befriend(url, accounts[i], accounts[i + 1]));
  return accounts;
}
