import { describe, expect, it } from 'vitest';
import { FakeGateway } from './support/fake-gateway.ts';
import { connectClient, countingBackend } from './support/harness.ts';

/**
 * A start-up shows own info without asking the server again right after the login read it
 * (docs/sdk.md#public-api-imclient, docs/decisions.md#first-screen).
 */
describe('own info kept from the login', () => {
  it('answers what the login read, with no request of its own', async () => {
    const gateway = new FakeGateway();
    const user = gateway.state.addUser('alice');
    const { backend, requests } = countingBackend(gateway, /\/user\/find\/full/);
    const t = await connectClient(backend, { userID: 'alice', imToken: user.token, chatToken: user.token });
    expect(requests.count).toBe(1);
    const kept = t.client.account.keptSelfInfo();
    expect(kept?.userID).toBe('alice');
    expect(requests.count).toBe(1);
    expect(await t.client.account.getSelfUserInfo()).toEqual(kept);
    await t.client.logout();
    expect(t.client.account.keptSelfInfo()).toBeNull();
  });
});
