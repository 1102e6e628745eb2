import { Header } from '@im/protocol';
import type { Envelope, LoginResp, UserInfo } from '@im/protocol';
import type { TestServer } from '../../src/testing.ts';

export interface Answer<T = unknown> extends Envelope<T> {
  status: number;
  headers: Headers;
}

/** POSTs JSON like the sdk does (operationID, optional token) and returns the envelope with its status. */
export async function post<T = unknown>(
  server: TestServer,
  path: string,
  body: unknown,
  token?: string,
): Promise<Answer<T>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [Header.operationID]: `test-${Math.random().toString(36).slice(2)}`,
  };
  if (token) headers[Header.token] = token;
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  return { ...envelope, status: response.status, headers: response.headers };
}

let counter = 0;
/** A unique e-mail per call, so tests never collide on one server. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now()}@example.com`;
}

export const SUPER_CODE = '666666';

/**
 * The environment of a test server whose tests register many users from one address: the super
 * code (it only registers: docs/operations.md#secrets-and-codes) and a per-address limit on account
 * calls that a whole suite stays under. The limits' own tests run with the defaults.
 */
export const REGISTERING_ENV = {
  SUPER_CODE,
  ALLOW_SUPER_CODE: '1',
  ACCOUNT_LIMIT_PER_IP: '100000',
};

/** Registers an e-mail account with the super code; the server must run with REGISTERING_ENV. */
export async function registerUser(
  server: TestServer,
  fields: { email?: string; password?: string; nickname?: string } = {},
): Promise<LoginResp & { email: string; password: string }> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? 'secret123';
  const answer = await post<LoginResp>(server, '/chat/account/register', {
    verifyCode: SUPER_CODE,
    platform: 5,
    user: { email, password, nickname: fields.nickname ?? 'Tester' },
  });
  if (answer.errCode !== 0 || !answer.data)
    throw new Error(`register failed: ${answer.errCode} ${answer.errMsg}`);
  return { ...answer.data, email, password };
}

/** Asks `/chat/user/update` to change the profile of `fields.userID`, as the caller (by chat token). */
export function updateProfile(
  server: TestServer,
  caller: { chatToken: string },
  fields: { userID: string } & Record<string, unknown>,
) {
  return post(server, '/chat/user/update', fields, caller.chatToken);
}

/** The user's full info (`/chat/user/find/full`) as the viewer, by their chat token, sees it. */
export function findFullInfo(server: TestServer, viewer: { chatToken: string }, userID: string) {
  return post<{ users: UserInfo[] }>(server, '/chat/user/find/full', { userIDs: [userID] }, viewer.chatToken);
}

/** The databases to run storage tests on: SQLite always, PostgreSQL when DATABASE_URL is set (CI). */
export const databases: ('sqlite' | 'postgres')[] = [
  'sqlite',
  ...(process.env.DATABASE_URL ? ['postgres' as const] : []),
];

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a PNG as an avatar with the IM token; answers its URL (what faceURL takes). */
export async function uploadAvatar(server: TestServer, imToken: string): Promise<string> {
  const response = await fetch(`${server.url}/api/object/upload?purpose=avatar`, {
    method: 'POST',
    headers: { [Header.operationID]: 'upload', [Header.token]: imToken, 'content-type': 'image/png' },
    body: PNG,
  });
  const answer = (await response.json()) as Envelope<{ url: string }>;
  if (answer.errCode !== 0 || !answer.data) throw new Error(`upload: ${answer.errCode} ${answer.errMsg}`);
  return answer.data.url;
}
