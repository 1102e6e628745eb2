import { im } from '../sdk/im';
import { listLoad, loadInTurns, loadList } from './load-list';
import { groupAccessKey, markAccessed, readAccessed, writeAccessed } from './accessed-applications';
import { useContactStore } from './contact-store';
import { useGroupStore } from './group-store';

const selfID = () => im.session.get()?.userID ?? '';
const contacts = () => useContactStore.getState();
const groups = () => useGroupStore.getState();

/** The group applications both ways (the contact tab badge counts the received pending ones). */
export function loadGroupApplications(): Promise<boolean> {
  return loadInTurns([
    listLoad(
      'received group applications',
      () => im.groups.getGroupApplicationListAsRecipient(),
      (list) => contacts().setRecvGroupApplicationList(list),
    ),
    listLoad(
      'sent group applications',
      () => im.groups.getGroupApplicationListAsApplicant(),
      (list) => contacts().setSendGroupApplicationList(list),
    ),
  ]);
}

let loadingGroups: Promise<boolean> | null = null;

/**
 * The groups part of start-up after login (docs/product.md#start-up-after-login): the joined groups
 * (pages of 1000, docs/product.md#limits-and-constants) and the group applications as recipient and
 * applicant, with this user's accessed list for the badge.
 * Also run after each sync (events missed offline are not replayed). Concurrent callers share a run.
 * Answers whether every list was stored.
 */
export function loadGroups(): Promise<boolean> {
  loadingGroups ??= (async () => {
    const userID = selfID();
    if (userID) contacts().setAccessedGroupApplications(readAccessed(localStorage, 'group', userID));
    const loaded = await loadInTurns([
      listLoad(
        'joined groups',
        () => im.groups.getJoinedGroupList(),
        (list) => {
          contacts().setGroupList(list);
          for (const group of list) {
            groups().putGroup(group);
            groups().setMembership(group.groupID, true);
          }
        },
      ),
      loadGroupApplications,
    ]);
    contacts().setGroupsLoaded(true);
    return loaded;
  })().finally(() => {
    loadingGroups = null;
  });
  return loadingGroups;
}

const running = new Map<string, Promise<void>>();

/** One run per key at a time: a second caller waits for the first. */
function once(key: string, run: () => Promise<unknown>): Promise<void> {
  const current = running.get(key);
  if (current) return current;
  const next = run()
    .then(() => undefined)
    .finally(() => running.delete(key));
  running.set(key, next);
  return next;
}

/**
 * A group's info, and whether the user is in it: a group the user is not in answers nothing, as a
 * missing one (docs/api.md "Membership"). A dismissed group still answers to its members.
 */
export function loadGroup(groupID: string): Promise<void> {
  return once(`info:${groupID}`, () =>
    loadList(
      `group ${groupID}`,
      () => im.groups.getGroupsInfo([groupID]),
      ([info]) => {
        if (info) groups().putGroup(info);
        groups().setMembership(groupID, Boolean(info));
      },
    ),
  );
}

/** Every member of a group (owner, admins, then by join time). */
export function loadMembers(groupID: string): Promise<void> {
  return once(`members:${groupID}`, () =>
    loadList(
      `members of ${groupID}`,
      () => im.groups.getGroupMemberList({ groupID }),
      (members) => groups().putMembers(groupID, members),
    ),
  );
}

/** The info again, and the members when they were loaded (after a sync or a refused send). */
export async function refreshGroup(groupID: string): Promise<void> {
  await loadGroup(groupID);
  if (groups().members[groupID] && groups().membership[groupID] !== false) await loadMembers(groupID);
}

/** After a sync: every group a screen has open is read again, since missed events are not replayed. */
export async function refreshOpenedGroups(): Promise<void> {
  const ids = Object.keys(groups().members).filter((id) => groups().membership[id] !== false);
  await Promise.all(ids.map(refreshGroup));
}

/**
 * The received group applications were shown: they stop counting on the tab badge
 * (docs/product.md#device-storage).
 */
export function markGroupApplicationsAccessed(): void {
  const userID = selfID();
  if (!userID) return;
  const { recvGroupApplicationList, accessedGroupApplications, setAccessedGroupApplications } = contacts();
  const keys = markAccessed(recvGroupApplicationList, accessedGroupApplications, groupAccessKey);
  if (
    keys.length === accessedGroupApplications.length &&
    keys.every((k, i) => k === accessedGroupApplications[i])
  )
    return;
  writeAccessed(localStorage, 'group', userID, keys);
  setAccessedGroupApplications(keys);
}
