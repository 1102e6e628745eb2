import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginStatus } from '@im/sdk';
import { im } from '../src/sdk/im';
import { bindCoreEvents } from '../src/session/bind-core-events';
import { loadStartLists } from '../src/session/start-lists';
import { useConversationStore } from '../src/stores/conversation-store';
import { useContactStore } from '../src/stores/contact-store';
import { emitCoreEvent } from './core-event-player';
import { conversation } from './fixtures';
import { friend } from './contact-fixtures';

/** Every request of the start-up lists, answered at once unless a test says otherwise. */
function spyOnListRequests() {
  return {
    conversations: vi.spyOn(im.conversations, 'getConversationListSplit').mockResolvedValue([conversation()]),
    unreadCount: vi.spyOn(im.conversations, 'getTotalUnreadMsgCount').mockResolvedValue(3),
    friends: vi.spyOn(im.contacts, 'getFriendList').mockResolvedValue([friend({ userID: 'ann' })]),
    blacklist: vi.spyOn(im.contacts, 'getBlackList').mockResolvedValue([]),
    friendApplicationsIn: vi.spyOn(im.contacts, 'getFriendApplicationListAsRecipient').mockResolvedValue([]),
    friendApplicationsOut: vi.spyOn(im.contacts, 'getFriendApplicationListAsApplicant').mockResolvedValue([]),
    groups: vi.spyOn(im.groups, 'getJoinedGroupList').mockResolvedValue([]),
    groupApplicationsIn: vi.spyOn(im.groups, 'getGroupApplicationListAsRecipient').mockResolvedValue([]),
    groupApplicationsOut: vi.spyOn(im.groups, 'getGroupApplicationListAsApplicant').mockResolvedValue([]),
  };
}

type Requests = ReturnType<typeof spyOnListRequests>;
const callsOf = (requests: Requests) =>
  Object.fromEntries(Object.entries(requests).map(([name, spy]) => [name, spy.mock.calls.length]));
const every = (requests: Requests, count: number) =>
  Object.fromEntries(Object.keys(requests).map((name) => [name, count]));

/** The sync that follows a connection's opening, finished, and every load it started settled. */
async function syncFinishes(): Promise<void> {
  emitCoreEvent('syncFinish', { reinstall: false });
  await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Start-up loads the lists and a finished sync reloads them (docs/product.md#start-up-after-login,
 * #sync); a list loaded since the connection opened is not read twice.
 */
describe('the start-up lists and the sync that follows', () => {
  let requests: Requests;
  beforeAll(() => {
    im.session.save({ userID: 'me', imToken: 'i', chatToken: 'c' });
    bindCoreEvents();
  });
  afterAll(() => {
    im.session.clear();
    vi.restoreAllMocks();
  });
  beforeEach(() => {
    // Each test is a new login: what the last one loaded is forgotten with its logout.
    emitCoreEvent('loginStatusChanged', LoginStatus.Logout);
    useConversationStore.getState().reset();
    useContactStore.getState().reset();
    requests = spyOnListRequests();
    for (const spy of Object.values(requests)) spy.mockClear();
  });

  it('reads each list once when the start-up loads began after the connection opened', async () => {
    emitCoreEvent('connectSuccess', undefined);
    await loadStartLists();
    expect(callsOf(requests)).toEqual(every(requests, 1));
    await syncFinishes();
    expect(callsOf(requests)).toEqual(every(requests, 1));
    expect(useConversationStore.getState().unreadCount).toBe(3);
    expect(useContactStore.getState().friendList.map((f) => f.userID)).toEqual(['ann']);
  });

  it('reads them again when the start-up loads began before the connection opened', async () => {
    await loadStartLists();
    emitCoreEvent('connectSuccess', undefined);
    await syncFinishes();
    expect(callsOf(requests)).toEqual(every(requests, 2));
  });

  it('reads them again after a reconnect: events missed while it was down are not replayed', async () => {
    emitCoreEvent('connectSuccess', undefined);
    await loadStartLists();
    emitCoreEvent('connectSuccess', undefined);
    await syncFinishes();
    expect(callsOf(requests)).toEqual(every(requests, 2));
  });

  it('reads again only the list whose start-up load failed', async () => {
    requests.unreadCount.mockRejectedValueOnce(new Error('network down'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    emitCoreEvent('connectSuccess', undefined);
    await loadStartLists();
    await syncFinishes();
    expect(callsOf(requests)).toEqual({ ...every(requests, 1), unreadCount: 2 });
    expect(useConversationStore.getState().unreadCount).toBe(3);
  });

  it('waits for a start-up load still running from before the connection, then reads again', async () => {
    let answer: (value: number) => void = () => undefined;
    requests.unreadCount.mockReturnValueOnce(new Promise<number>((resolve) => (answer = resolve)));
    const started = loadStartLists();
    await vi.waitFor(() => expect(requests.unreadCount).toHaveBeenCalledTimes(1));
    emitCoreEvent('connectSuccess', undefined);
    emitCoreEvent('syncFinish', { reinstall: false });
    await Promise.resolve();
    expect(requests.unreadCount).toHaveBeenCalledTimes(1);
    answer(1);
    await started;
    await vi.waitFor(() => expect(requests.unreadCount).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(useConversationStore.getState().unreadCount).toBe(3));
  });
});
