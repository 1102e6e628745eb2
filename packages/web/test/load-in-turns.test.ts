import { afterEach, describe, expect, it, vi } from 'vitest';
import { im } from '../src/sdk/im';
import { loadContacts } from '../src/stores/contact-actions';
import { loadGroups } from '../src/stores/group-actions';
import { loadInTurns } from '../src/stores/load-list';

/** Settles every promise already queued, without letting a timer fire. */
const microtasks = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};
/** The next task: the next timer fires alone, then the promises it settled. */
const nextTurn = async () => {
  vi.advanceTimersToNextTimer();
  await microtasks();
};

/**
 * Each list request is sent in a task of its own (docs/decisions.md#first-screen): sent together, the
 * contacts' four made one long task while the first screen settled.
 */
describe('list loads started one task apart', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('starts the next load only in a later task, and answers whether every one stored its list', async () => {
    vi.useFakeTimers();
    const started: string[] = [];
    const load = (name: string, stored: boolean) => () => {
      started.push(name);
      return Promise.resolve(stored);
    };
    const all = loadInTurns([load('a', true), load('b', false), load('c', true)]);
    await microtasks();
    expect(started).toEqual(['a']);
    await nextTurn();
    expect(started).toEqual(['a', 'b']);
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c']);
    await expect(all).resolves.toBe(false);
    const stored = loadInTurns([load('d', true), load('e', true)]);
    await nextTurn();
    await expect(stored).resolves.toBe(true);
  });

  it('sends the contacts’ and the groups’ requests each in its own task', async () => {
    vi.useFakeTimers();
    im.session.save({ userID: 'me', imToken: 'i', chatToken: 'c' });
    const sent: string[] = [];
    const answer = (name: string) => (): Promise<never[]> => {
      sent.push(name);
      return Promise.resolve([]);
    };
    vi.spyOn(im.contacts, 'getFriendList').mockImplementation(answer('friends'));
    vi.spyOn(im.contacts, 'getBlackList').mockImplementation(answer('blacklist'));
    vi.spyOn(im.contacts, 'getFriendApplicationListAsRecipient').mockImplementation(answer('friend in'));
    vi.spyOn(im.contacts, 'getFriendApplicationListAsApplicant').mockImplementation(answer('friend out'));
    vi.spyOn(im.groups, 'getJoinedGroupList').mockImplementation(answer('groups'));
    vi.spyOn(im.groups, 'getGroupApplicationListAsRecipient').mockImplementation(answer('group in'));
    vi.spyOn(im.groups, 'getGroupApplicationListAsApplicant').mockImplementation(answer('group out'));

    const contacts = loadContacts();
    const groups = loadGroups();
    const perTask: string[][] = [];
    await microtasks();
    for (let task = 0; task < 4; task += 1) {
      perTask.push(sent.splice(0));
      await nextTurn();
    }
    expect(perTask).toEqual([
      ['friends', 'groups'],
      ['blacklist', 'group in'],
      ['friend in', 'group out'],
      ['friend out'],
    ]);
    await expect(contacts).resolves.toBe(true);
    await expect(groups).resolves.toBe(true);
  });
});
