import { RoleLevel } from './content-types.ts';

/**
 * Who may recall a user's message in a group (docs/product.md#roles-and-permissions), decided once for
 * the server's revoke policy and the web's message menu: the sender; the owner, anyone's; an admin,
 * their own and those of ordinary or former members (`senderRoleLevel` undefined), never the owner's
 * or another admin's. Plain values only, so that the web bundle may import it.
 */
export function mayRevokeGroupMessage(
  revoker: { userID: string; roleLevel: number | undefined },
  sender: { userID: string; roleLevel: number | undefined },
): boolean {
  if (revoker.userID === sender.userID || revoker.roleLevel === RoleLevel.Owner) return true;
  if (revoker.roleLevel !== RoleLevel.Admin) return false;
  return (sender.roleLevel ?? RoleLevel.Member) < RoleLevel.Admin;
}
