import { ContentType, GroupPath, SessionType } from '@im/protocol';
import type { CreateGroupReq, GroupInfo, SendMsgReq } from '@im/protocol';
import type { TestServer } from '../../src/testing.ts';
import { api, makeFriends } from './friends.ts';
import { newClientMsgID } from './gateway.ts';

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
