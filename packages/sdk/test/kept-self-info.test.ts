import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../src/http-client.ts';
import { FakeGateway } from './support/fake-gateway.ts';
import { connectClient, fakeBackend } from './support/harness.ts';

/** The fake backend's fetch, with the own-info reads it answered counted. */
function countingSelfReads(gateway: FakeGateway) {
  const counted = { reads: 0 };
  const fetch: FetchLike = (input, init) => {
    if (String(input).includes('/user/find/full')) counted.reads += 1;
    return gateway.fetch(input, init);
  };
  return { backend: { ...fakeBackend(gateway), fetch }, counted };
}

/**
 * A start-up shows own info without asking the server again right after the login read it
 * (docs/sdk.md#public-api-imclient, docs/decisions.md#first-screen).
 */
describe('own info kept from the login', () => {
  it('answers what the login read, with no request of its own', async () => {
    const gateway = new FakeGateway();
    const user = gateway.state.addUser('alice');
    const { backend, counted } = countingSelfReads(gateway);
    const t = await connectClient(backend, { userID: 'alice', imToken: user.token, chatToken: user.token });
    expect(counted.reads).toBe(1);
    const kept = t.client.account.keptSelfInfo();
    expect(kept?.userID).toBe('alice');
    expect(counted.reads).toBe(1);
    expect(await t.client.account.getSelfUserInfo()).toEqual(kept);
    await t.client.logout();
    expect(t.client.account.keptSelfInfo()).toBeNull();
  });
});
