/**
 * The /changeName query (originData as JSON, docs/product.md#routes): which name is changed and its
 * current value. `groupName`: the group's name (owner and admins); `groupNickname`: the user's own
 * name in the group.
 */
export interface ChangeNameOrigin {
  kind: 'groupName' | 'groupNickname';
  groupID: string;
  value: string;
}

/** The origin named by the query, or null when it is not JSON of that shape. */
export function parseChangeNameOrigin(raw: string | null): ChangeNameOrigin | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ChangeNameOrigin> | null;
    if (!value || (value.kind !== 'groupName' && value.kind !== 'groupNickname')) return null;
    if (typeof value.groupID !== 'string' || !value.groupID) return null;
    return {
      kind: value.kind,
      groupID: value.groupID,
      value: typeof value.value === 'string' ? value.value : '',
    };
  } catch {
    return null;
  }
}
