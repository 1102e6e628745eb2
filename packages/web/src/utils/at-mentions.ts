import { AT_ALL_TAG } from '@im/protocol';
import type { AtUserInfo, GroupMemberInfo } from '@im/protocol';
import { filterMembers, isOwnerOrAdmin } from './group-roles';

/** A member picked in the @ picker: its ID and the name the composer shows after the "@". */
export interface Mention {
  userID: string;
  name: string;
}

export interface AtPickerOptions {
  /** @all is offered (owner and admins only, docs/api.md: 1002 otherwise). */
  all: boolean;
  members: GroupMemberInfo[];
}

/**
 * What the @ picker lists for `keyword`: every other member whose name or ID contains it (case
 * insensitive), and @all for the owner and admins when the keyword is empty or part of its label.
 */
export function atPickerOptions(
  members: readonly GroupMemberInfo[],
  self: { userID: string; roleLevel: number | undefined },
  keyword: string,
  allLabels: readonly string[],
): AtPickerOptions {
  const key = keyword.trim().toLowerCase();
  return {
    all:
      isOwnerOrAdmin(self.roleLevel) &&
      (!key || allLabels.some((label) => label.toLowerCase().includes(key))),
    members: filterMembers(
      members.filter((m) => m.userID !== self.userID),
      keyword,
    ),
  };
}

/** The @all mention as the picker adds it (`name` is the label shown in the composer). */
export const atAllMention = (name: string): Mention => ({ userID: AT_ALL_TAG, name });

export interface AtMessageInput {
  text: string;
  atUserIDList: string[];
  atUsersInfo: AtUserInfo[];
}

/**
 * The at-text (106) for what the composer holds: each picked mention still written as "@name" in
 * the text becomes "@userID" (the form clients render back with atUsersInfo), longer names first so
 * "@Bob" does not eat "@Bobby". Null when no picked mention is left in the text (a plain text).
 */
export function buildAtMessage(text: string, mentions: readonly Mention[]): AtMessageInput | null {
  const unique = [...new Map(mentions.map((m) => [m.userID, m])).values()];
  const present = unique
    .filter((m) => m.name && text.includes(`@${m.name}`))
    .sort((a, b) => b.name.length - a.name.length);
  if (present.length === 0) return null;
  let out = text;
  for (const mention of present) out = out.split(`@${mention.name}`).join(`@${mention.userID}`);
  return {
    text: out,
    atUserIDList: present.map((m) => m.userID),
    atUsersInfo: present.map((m) => ({ atUserID: m.userID, groupNickname: m.name })),
  };
}

/**
 * Whether an edit typed a "@" (the picker opens): the new value is the old one with one "@" added at
 * the caret (`caret` is where the caret is after the edit).
 */
export function typedAt(previous: string, next: string, caret: number): boolean {
  if (next.length !== previous.length + 1 || caret < 1 || next[caret - 1] !== '@') return false;
  return next.slice(0, caret - 1) + next.slice(caret) === previous;
}

/** The text with the "@" typed just before `caret` replaced by "@name " (the picked member). */
export function insertMention(text: string, caret: number, name: string): { text: string; caret: number } {
  const at = caret > 0 && text[caret - 1] === '@' ? caret - 1 : caret;
  const inserted = `@${name} `;
  return { text: text.slice(0, at) + inserted + text.slice(caret), caret: at + inserted.length };
}
