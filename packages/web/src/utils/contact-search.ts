import type { FriendItem, GroupItem } from '../stores/contact-types';
import { containsKeyword } from './search-text';

export interface ContactMatches {
  friends: FriendItem[];
  groups: GroupItem[];
}

/**
 * Own friends whose nickname or remark contains the keyword, and joined groups whose name does
 * (docs/product.md#search): from the lists the app already holds, so it answers as the user types.
 */
export function searchContacts(friends: FriendItem[], groups: GroupItem[], keyword: string): ContactMatches {
  if (!keyword.trim()) return { friends: [], groups: [] };
  return {
    friends: friends.filter(
      (f) => containsKeyword(f.nickname, keyword) || containsKeyword(f.remark, keyword),
    ),
    groups: groups.filter((g) => containsKeyword(g.groupName, keyword)),
  };
}
