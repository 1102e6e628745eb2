import { describe, expect, it, vi } from 'vitest';
import { FakeGateway } from './support/fake-gateway.ts';
import { connectClient, countingBackend, loginClient, sendTexts, synced } from './support/harness.ts';

/**
 * After a syncFinish the store holds the server's list: the stored reads answer it with no request
 * (docs/sdk.md#sync-rules).
 */
describe('the stored conversation list', () => {
  it('answers what the sync stored, sorted, with the total unread, and asks the server nothing', async () => {
    const gateway = new FakeGateway();
    const bob = gateway.state.addUser('bob');
    const a = await loginClient(gateway, 'alice');
    const { backend, requests } = countingBackend(
      gateway,
      /get_sorted_conversation_list|get_total_unread_msg_count/,
    );
    const b = await connectClient(backend, { userID: 'bob', imToken: bob.token, chatToken: bob.token });
    await synced(b);
    await sendTexts(a, 'bob', ['one', 'two']);
    await vi.waitFor(() => expect(b.received()).toHaveLength(2));
    const before = requests.count;

    const page = await b.client.conversations.getStoredConversationListSplit(0, 20);
    expect(page.map((c) => c.latestMsg?.textElem?.content)).toEqual(['two']);
    expect(await b.client.conversations.getStoredTotalUnreadMsgCount()).toBe(2);
    expect(requests.count).toBe(before);
    expect(await b.client.conversations.getConversationListSplit(0, 20)).toEqual(page);
    await a.client.logout();
    await b.client.logout();
  });
});
