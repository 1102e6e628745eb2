import { FriendPath, HandleResult, singleConversationID } from '@im/protocol';
import type { FriendApplication } from '@im/protocol';
import type { TestServer } from '../../src/testing.ts';
import { post, registerUser } from './http.ts';
import type { SuiteServer } from './suite-server.ts';

interface User {
  userID: string;
  imToken: string;
}

/** `a` applies to `b` and `b` accepts, through the real IM API; fails the test on any error. */
export async function makeFriends(server: TestServer, a: User, b: User): Promise<void> {
  const applied = await post<FriendApplication>(
    server,
    `/api${FriendPath.addFriend}`,
    { toUserID: b.userID, reqMsg: 'hi' },
    a.imToken,
  );
  if (applied.errCode !== 0) throw new Error(`add_friend: ${applied.errCode} ${applied.errMsg}`);
  if (applied.data?.handleResult === HandleResult.Approved) return;
  const accepted = await post(
    server,
    `/api${FriendPath.respondFriendApplication}`,
    { fromUserID: a.userID, handleResult: HandleResult.Approved },
    b.imToken,
  );
  if (accepted.errCode !== 0) throw new Error(`add_friend_response: ${accepted.errCode} ${accepted.errMsg}`);
}

/** Alice and Bob, made friends, then each with a socket; `id` is their one-to-one conversation. */
export async function onlineFriends(server: TestServer, connect: SuiteServer['connect']) {
  const alice = await registerUser(server, { nickname: 'Alice' });
  const bob = await registerUser(server, { nickname: 'Bob' });
  await makeFriends(server, alice, bob);
  const [a, b] = await Promise.all([connect(alice), connect(bob)]);
  return { alice, bob, a, b, id: singleConversationID(alice.userID, bob.userID) };
}

/** POSTs to an IM API path (prefix /api added) with the user's IM token. */
export function api<T = unknown>(server: TestServer, user: User, path: string, body: unknown = {}) {
  return post<T>(server, `/api${path}`, body, user.imToken);
}
