import { ContentType, GroupPath, RoleLevel, SessionType } from '@im/protocol';
import type { CreateGroupReq, GroupInfo, SendMsgReq } from '@im/protocol';
import type { TestServer } from '../../src/testing.ts';
import { api, makeFriends } from './friends.ts';
import { newClientMsgID } from './gateway.ts';
import { registerUser } from './http.ts';

interface User {
  userID: string;
  imToken: string;
}

/** Makes every pair of the users friends (groups are made of friends). */
export async function befriendAll(server: TestServer, users: User[]): Promise<void> {
  for (let i = 0; i < users.length; i += 1)
    for (let j = i + 1; j < users.length; j += 1) await makeFriends(server, users[i], users[j]);
}

/** Creates a group of the owner with the members through the IM API; fails the test on any error. */
export async function createGroup(
  server: TestServer,
  owner: User,
  members: User[],
  fields: Partial<CreateGroupReq> = {},
): Promise<GroupInfo> {
  const answer = await api<GroupInfo>(server, owner, GroupPath.createGroup, {
    groupName: 'Team',
    memberUserIDs: members.map((m) => m.userID),
    ...fields,
  });
  if (answer.errCode !== 0 || !answer.data)
    throw new Error(`create_group: ${answer.errCode} ${answer.errMsg}`);
  return answer.data;
}

/** The owner makes the member an admin of the group; fails the test on any error. */
export function makeAdmin(server: TestServer, owner: User, groupID: string, member: User): Promise<unknown> {
  return groupCall(server, owner, GroupPath.setGroupMemberRoleLevel, {
    groupID,
    userID: member.userID,
    roleLevel: RoleLevel.Admin,
  });
}

/**
 * Registers the users by nickname, all friends of each other, in a group of the first one where the
 * second one is an admin. The `outsiders` are registered and made friends of them all too, but stay
 * out of the group.
 */
export async function createTeam(
  server: TestServer,
  nicknames: string[],
  options: { outsiders?: string[]; group?: Partial<CreateGroupReq> } = {},
) {
  const everyone = await Promise.all(
    [...nicknames, ...(options.outsiders ?? [])].map((nickname) => registerUser(server, { nickname })),
  );
  await befriendAll(server, everyone);
  const users = everyone.slice(0, nicknames.length);
  const [owner, admin, ...members] = users;
  const { groupID } = await createGroup(server, owner, [admin, ...members], options.group);
  await makeAdmin(server, owner, groupID, admin);
  return { users, outsiders: everyone.slice(nicknames.length), groupID };
}

/** Calls a group path and fails the test unless it succeeds. */
export async function groupCall<T = unknown>(server: TestServer, user: User, path: string, body: unknown) {
  const answer = await api<T>(server, user, path, body);
  if (answer.errCode !== 0)
    throw new Error(`${path}: ${answer.errCode} ${answer.errMsg} ${answer.errDlt ?? ''}`);
  return answer.data as T;
}

/** A group text send for the gateway. */
export function groupText(groupID: string, text: string, clientMsgID = newClientMsgID()): SendMsgReq {
  return {
    clientMsgID,
    groupID,
    sessionType: SessionType.Group,
    contentType: ContentType.Text,
    content: { content: text },
  };
}

/** A group at-text send mentioning the users ("AtAllTag" for @all). */
export function groupAtText(groupID: string, text: string, atUserList: string[]): SendMsgReq {
  return {
    clientMsgID: newClientMsgID(),
    groupID,
    sessionType: SessionType.Group,
    contentType: ContentType.AtText,
    content: { text, atUserList },
  };
}
