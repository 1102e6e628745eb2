/** The name a person shows to this user: the remark when one is set, else the nickname, else the ID. */
export function displayName(user: { userID: string; nickname?: string; remark?: string }): string {
  return user.remark || user.nickname || user.userID;
}
