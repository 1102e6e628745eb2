import { afterEach, describe, expect, it } from 'vitest';
import { ErrCode } from '@im/protocol';
import { ApiError, MemoryStore, LoginStatus } from '../src/index.ts';
import type { FetchLike } from '../src/http-client.ts';
import { FakeGateway } from './support/fake-gateway.ts';
import { connectClient, fakeBackend, loginClient } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';

const open: TestClient[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.client.logout();
});

/** A fetch that fails as an unreachable server does, or answers a proxy's error page (`status`). */
const unreachable =
  (status?: number): FetchLike =>
  async () => {
    if (status) return new Response('bad gateway', { status });
    throw new TypeError('fetch failed');
  };

/**
 * A stored session starts without the network (docs/sdk.md#public-api-imclient): the core logs in from its
 * local store, own info as last kept, and keeps reconnecting; a refused token still fails the login.
 */
describe('a start while the server cannot be reached', () => {
  it('logs in from the local store and answers the own info it kept', async () => {
    const gateway = new FakeGateway();
    const store = new MemoryStore();
    const first = await loginClient(gateway, 'alice', { store });
    const kept = await first.client.account.getSelfUserInfo();
    await first.client.logout();

    const user = gateway.state.users.get('alice')!;
    const session = { userID: 'alice', imToken: user.token, chatToken: user.token };
    for (const status of [undefined, 502]) {
      const again = await connectClient({ ...fakeBackend(gateway), fetch: unreachable(status) }, session, {
        store,
      });
      open.push(again);
      expect(again.client.getLoginStatus()).toBe(LoginStatus.Logged);
      expect(await again.client.account.getSelfUserInfo()).toEqual(kept);
      await again.client.logout();
    }
  });

  it('still fails the login when the server refuses the token', async () => {
    const gateway = new FakeGateway();
    const user = gateway.state.addUser('alice');
    const refusing: FetchLike = async () =>
      Response.json({ errCode: ErrCode.TOKEN_INVALID, errMsg: 'token invalid' }, { status: 401 });
    const login = connectClient(
      { ...fakeBackend(gateway), fetch: refusing },
      { userID: 'alice', imToken: user.token, chatToken: user.token },
    );
    await expect(login).rejects.toBeInstanceOf(ApiError);
  });
});
