/** The /changeNameOrRemark query `friendInfo` (JSON, may be absent): the friend whose remark is set. */
export interface FriendInfoQuery {
  userID: string;
  nickname: string;
  remark: string;
}

/** The friendInfo query: null unless it is JSON with a userID. */
export function parseFriendInfo(raw: string): FriendInfoQuery | null {
  try {
    const value = JSON.parse(raw) as Partial<FriendInfoQuery> | null;
    if (!value || typeof value.userID !== 'string' || !value.userID) return null;
    const text = (x: unknown) => (typeof x === 'string' ? x : '');
    return { userID: value.userID, nickname: text(value.nickname), remark: text(value.remark) };
  } catch {
    return null;
  }
}
