import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FriendPath, Header, HandleResult, StorageKey } from '@im/protocol';
import type { Envelope, LoginResp } from '@im/protocol';
import { startTestServer } from '@im/server/testing';
import type { TestServer } from '@im/server/testing';
import type { BrowserContext } from 'playwright-core';

const SUPER_CODE = '666666';

/**
 * The built web client served by a real server on loopback, which lets the bench register users:
 * `packages/web/dist`, or the build in WEB_DIST (to compare two builds).
 */
export function startWebServer(env: Record<string, string> = {}): Promise<TestServer> {
  const webDist = process.env.WEB_DIST ?? fileURLToPath(new URL('../../packages/web/dist', import.meta.url));
  return startTestServer({ webDist, env: { SUPER_CODE, ALLOW_SUPER_CODE: '1', ...env } });
}

async function post<T>(server: TestServer, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [Header.operationID]: `bench-${Math.random().toString(36).slice(2)}`,
      ...(token ? { [Header.token]: token } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.errCode !== 0) throw new Error(`${path}: ${envelope.errCode} ${envelope.errMsg}`);
  return envelope.data as T;
}

let counter = 0;
export async function registerUser(server: TestServer, nickname: string): Promise<LoginResp> {
  counter += 1;
  return post<LoginResp>(server, '/chat/account/register', {
    verifyCode: SUPER_CODE,
    platform: 5,
    user: { email: `bench-${Date.now()}-${counter}@example.com`, password: 'bench123', nickname },
  });
}

/** A friendship, which also puts a conversation (the "now friends" notice) in both lists. */
export async function befriend(server: TestServer, a: LoginResp, b: LoginResp): Promise<void> {
  await post(server, `/api${FriendPath.addFriend}`, { toUserID: b.userID, reqMsg: 'hi' }, a.imToken);
  await post(
    server,
    `/api${FriendPath.respondFriendApplication}`,
    { fromUserID: a.userID, handleResult: HandleResult.Approved },
    b.imToken,
  );
}

/** The session in the context's storage before its first page load, as the app keeps it after a login. */
export async function signInContext(context: BrowserContext, user: LoginResp): Promise<void> {
  await context.addInitScript(
    ({ keys, session }) => {
      localStorage.setItem(keys.IM_USERID, session.userID);
      localStorage.setItem(keys.IM_TOKEN, session.imToken);
      localStorage.setItem(keys.IM_CHAT_TOKEN, session.chatToken);
    },
    { keys: StorageKey, session: { userID: user.userID, imToken: user.imToken, chatToken: user.chatToken } },
  );
}

/** The commit the figures were measured on. */
export function commitOf(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
