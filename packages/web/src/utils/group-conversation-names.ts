import type { ConversationItem, GroupInfo } from '@im/protocol';

/**
 * Group conversations show the group's current name and face. The core's stored conversation keeps
 * the name it last fetched (a rename pushes no conversation change), so the group info the app has
 * (from the server or its events, never older) wins for `sg_<groupID>` rows. Items it does not change
 * are returned as they are.
 */
export function withGroupNames(
  items: ConversationItem[],
  groups: Readonly<Record<string, Pick<GroupInfo, 'groupName' | 'faceURL'>>>,
): ConversationItem[] {
  let changed = false;
  const out = items.map((item) => {
    const group = item.groupID ? groups[item.groupID] : undefined;
    if (!group?.groupName) return item;
    if (item.showName === group.groupName && item.faceURL === group.faceURL) return item;
    changed = true;
    return { ...item, showName: group.groupName, faceURL: group.faceURL };
  });
  return changed ? out : items;
}
