import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginStatus } from '@im/sdk';
import { im } from '../src/sdk/im';
import { bindCoreEvents } from '../src/session/bind-core-events';
import { listsSettled, loadStartLists } from '../src/session/start-lists';
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

/** The sdk's store-only reads, which answer with no request (after a sync). */
function spyOnStoredReads() {
  return {
    conversations: vi
      .spyOn(im.conversations, 'getStoredConversationListSplit')
      .mockResolvedValue([conversation()]),
    unreadCount: vi.spyOn(im.conversations, 'getStoredTotalUnreadMsgCount').mockResolvedValue(3),
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
  await listsSettled();
}

/**
 * Start-up loads the lists and a finished sync reloads them (docs/product.md#start-up-after-login,
 * #sync); a list loaded since the connection opened is not read twice.
 */
describe('the start-up lists and the sync that follows', () => {
  let requests: Requests;
  let stored: ReturnType<typeof spyOnStoredReads>;
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
    stored = spyOnStoredReads();
    for (const spy of [...Object.values(requests), ...Object.values(stored)]) spy.mockClear();
  });
  const contactAndGroupRequests = (count: number) => ({
    friends: count,
    blacklist: count,
    friendApplicationsIn: count,
    friendApplicationsOut: count,
    groups: count,
    groupApplicationsIn: count,
    groupApplicationsOut: count,
  });

  it('reads each list once when the start-up loads began after the connection opened', async () => {
    emitCoreEvent('connectSuccess', undefined);
    await loadStartLists();
    expect(callsOf(requests)).toEqual(every(requests, 1));
    await syncFinishes();
    expect(callsOf(requests)).toEqual(every(requests, 1));
    expect(stored.conversations).not.toHaveBeenCalled();
    expect(useConversationStore.getState().unreadCount).toBe(3);
    expect(useContactStore.getState().friendList.map((f) => f.userID)).toEqual(['ann']);
  });

  it('asks for the contacts and groups only once the connection opens', async () => {
    const started = loadStartLists();
    await vi.waitFor(() => expect(requests.unreadCount).toHaveBeenCalledTimes(1));
    expect(requests.conversations).toHaveBeenCalledTimes(1);
    expect(callsOf(requests)).toMatchObject(contactAndGroupRequests(0));
    emitCoreEvent('connectSuccess', undefined);
    await started;
    expect(callsOf(requests)).toEqual(every(requests, 1));
  });

  it('after a sync, takes the conversations and the count loaded before the connection from the store', async () => {
    const started = loadStartLists();
    await vi.waitFor(() => expect(requests.unreadCount).toHaveBeenCalledTimes(1));
    emitCoreEvent('connectSuccess', undefined);
    await started;
    await syncFinishes();
    // The sync has just read the whole list into the sdk's store: no second request for it.
    expect(callsOf(requests)).toEqual(every(requests, 1));
    expect(stored.conversations).toHaveBeenCalledTimes(1);
    expect(stored.unreadCount).toHaveBeenCalledTimes(1);
  });

  it('asks for the contacts and groups anyway when no connection opens for a while', async () => {
    vi.useFakeTimers();
    try {
      const started = loadStartLists();
      await vi.advanceTimersByTimeAsync(2900);
      expect(callsOf(requests)).toMatchObject(contactAndGroupRequests(0));
      await vi.advanceTimersByTimeAsync(200);
      await started;
      expect(callsOf(requests)).toEqual(every(requests, 1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for nothing more when the user logs out while waiting for the connection', async () => {
    const started = loadStartLists();
    emitCoreEvent('loginStatusChanged', LoginStatus.Logout);
    await started;
    expect(callsOf(requests)).toMatchObject(contactAndGroupRequests(0));
  });

  it('reads them again after a reconnect: events missed while it was down are not replayed', async () => {
    emitCoreEvent('connectSuccess', undefined);
    await loadStartLists();
    emitCoreEvent('connectSuccess', undefined);
    await syncFinishes();
    expect(callsOf(requests)).toEqual({ ...every(requests, 1), ...contactAndGroupRequests(2) });
    expect(stored.conversations).toHaveBeenCalledTimes(1);
    expect(stored.unreadCount).toHaveBeenCalledTimes(1);
  });

  it('reads again only the list whose start-up load failed', async () => {
    requests.friends.mockRejectedValueOnce(new Error('network down'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    emitCoreEvent('connectSuccess', undefined);
    await loadStartLists();
    await syncFinishes();
    expect(callsOf(requests)).toEqual({
      ...every(requests, 1),
      friends: 2,
      blacklist: 2,
      friendApplicationsIn: 2,
      friendApplicationsOut: 2,
    });
    expect(useContactStore.getState().friendList.map((f) => f.userID)).toEqual(['ann']);
  });

  it('waits for a start-up load still running from before the connection, then reads again', async () => {
    let answer: (value: number) => void = () => undefined;
    requests.unreadCount.mockReturnValueOnce(new Promise<number>((resolve) => (answer = resolve)));
    stored.unreadCount.mockResolvedValueOnce(5);
    const started = loadStartLists();
    await vi.waitFor(() => expect(requests.unreadCount).toHaveBeenCalledTimes(1));
    emitCoreEvent('connectSuccess', undefined);
    emitCoreEvent('syncFinish', { reinstall: false });
    await Promise.resolve();
    expect(stored.unreadCount).not.toHaveBeenCalled();
    answer(1);
    await started;
    await vi.waitFor(() => expect(stored.unreadCount).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(useConversationStore.getState().unreadCount).toBe(5));
  });
});
