import { useEffect } from 'react';
import type { GroupInfo, GroupMemberInfo } from '@im/protocol';
import { loadGroup, loadMembers } from '../stores/group-actions';
import { useGroupStore } from '../stores/group-store';
import { useSelfID } from './use-self-id';

export interface GroupView {
  info: GroupInfo | undefined;
  /** Undefined until loaded. */
  members: GroupMemberInfo[] | undefined;
  /** false once the user is not in the group; undefined while unknown. */
  isMember: boolean | undefined;
  /** The user's own membership (role, mute end, group nickname) once the members are loaded. */
  self: GroupMemberInfo | undefined;
  selfID: string;
}

const none: GroupMemberInfo[] | undefined = undefined;

/**
 * A group as the screens show it, from the group store (kept live by the core's events); its info and
 * members are fetched when the screen opens. An empty groupID is no group (nothing is fetched).
 */
export function useGroup(groupID: string, { members: withMembers = true } = {}): GroupView {
  const selfID = useSelfID();
  const info = useGroupStore((s) => (groupID ? s.infos[groupID] : undefined));
  const members = useGroupStore((s) => (groupID ? s.members[groupID] : none));
  const isMember = useGroupStore((s) => (groupID ? s.membership[groupID] : undefined));

  useEffect(() => {
    if (!groupID) return;
    void loadGroup(groupID);
    if (withMembers) void loadMembers(groupID);
  }, [groupID, withMembers]);

  const self = members?.find((m) => m.userID === selfID);
  return { info, members, isMember, self, selfID };
}
