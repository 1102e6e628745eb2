import { create } from 'zustand';
import type { GroupInfo, GroupMemberInfo } from '@im/protocol';
import { sortMembers } from '../utils/group-roles';

/**
 * What the group screens know of each group the user opened (the joined list itself is the contacts state's
 * groupList, docs/product.md#client-state): its info (any status, also after leaving), its members once
 * loaded, and whether the user is in it. Kept live by the core's group events and the groups' notifications
 * (`session/bind-group-events.ts`); loaded by `group-actions.ts`.
 */
export interface GroupState {
  infos: Record<string, GroupInfo>;
  /** Members in the server's order (owner, admins, then by join time); absent until loaded. */
  members: Record<string, GroupMemberInfo[]>;
  /** true: the user is in the group; false: quit, removed or never in it; absent: unknown yet. */
  membership: Record<string, boolean>;
  putGroup: (info: GroupInfo) => void;
  putMembers: (groupID: string, members: GroupMemberInfo[]) => void;
  /** A joined or changed member; ignored while that group's members are not loaded. */
  upsertMember: (member: GroupMemberInfo) => void;
  removeMember: (groupID: string, userID: string) => void;
  setMembership: (groupID: string, isMember: boolean) => void;
  reset: () => void;
}

const initial = () => ({ infos: {}, members: {}, membership: {} });

export const useGroupStore = create<GroupState>()((set) => ({
  ...initial(),
  putGroup: (info) => set((s) => ({ infos: { ...s.infos, [info.groupID]: info } })),
  putMembers: (groupID, members) =>
    set((s) => ({ members: { ...s.members, [groupID]: sortMembers(members) } })),
  upsertMember: (member) =>
    set((s) => {
      const list = s.members[member.groupID];
      if (!list) return {};
      const next = sortMembers([...list.filter((m) => m.userID !== member.userID), member]);
      return { members: { ...s.members, [member.groupID]: next } };
    }),
  removeMember: (groupID, userID) =>
    set((s) => {
      const list = s.members[groupID];
      if (!list?.some((m) => m.userID === userID)) return {};
      return { members: { ...s.members, [groupID]: list.filter((m) => m.userID !== userID) } };
    }),
  setMembership: (groupID, isMember) =>
    set((s) =>
      s.membership[groupID] === isMember ? {} : { membership: { ...s.membership, [groupID]: isMember } },
    ),
  reset: () => set(initial()),
}));
