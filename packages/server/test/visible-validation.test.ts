import { describe, expect, it } from 'vitest';
import {
  ChatPath,
  ContentType,
  ErrCode,
  groupConversationID,
  GroupPath,
  Header,
  SessionType,
  WsReq,
} from '@im/protocol';
import type { GroupInfo, MessageItem, SearchUsersResp, UploadResp, UserInfo } from '@im/protocol';
import { api, makeFriends } from './support/friends.ts';
import { newClientMsgID } from './support/gateway.ts';
import { createGroup, createTeam, groupCall, groupText } from './support/groups.ts';
import {
  databases,
  findFullInfo,
  post,
  registerUser,
  SUPER_CODE,
  uniqueEmail,
  updateProfile,
} from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** faceURLs that others' browsers would load: a script, a tracking pixel elsewhere, a path trick. */
const HOSTILE_FACES = [
  'javascript:alert(1)',
  'https://tracker.example/pixel.gif',
  '//tracker.example/p.png',
  '/api/object/../../etc/passwd',
  'data:image/svg+xml,<svg onload=alert(1)>',
  // The shape of an upload's URL, but nothing was ever uploaded there.
  `/api/object/${'f'.repeat(32)}.png`,
];

/** What others will see is validated (docs/operations.md#validation). */
describe.each(databases)('validation of what others see on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  async function uploadAvatar(imToken: string): Promise<string> {
    const response = await fetch(`${server.url}/api/object/upload?purpose=avatar`, {
      method: 'POST',
      headers: { [Header.operationID]: 'up', [Header.token]: imToken, 'content-type': 'image/png' },
      body: PNG,
    });
    return ((await response.json()) as { data: UploadResp }).data.url;
  }

  it('a user faceURL is only empty or a URL this server’s upload issued', async () => {
    const user = await registerUser(server, { nickname: 'Face' });
    for (const faceURL of HOSTILE_FACES) {
      const answer = await updateProfile(server, user, { userID: user.userID, faceURL });
      expect(answer.errCode, faceURL).toBe(ErrCode.ARGS);
    }
    const url = await uploadAvatar(user.imToken);
    expect((await updateProfile(server, user, { userID: user.userID, faceURL: url })).errCode).toBe(0);
    expect((await findFullInfo(server, user, user.userID)).data!.users[0].faceURL).toBe(url);
    expect((await updateProfile(server, user, { userID: user.userID, faceURL: '' })).errCode).toBe(0);
    const registered = await post(server, ChatPath.register.replace(/^/, '/chat'), {
      verifyCode: SUPER_CODE,
      user: { email: uniqueEmail(), password: 'secret123', nickname: 'X', faceURL: HOSTILE_FACES[1] },
    });
    expect(registered.errCode).toBe(ErrCode.ARGS);
  });

  it('a group faceURL too, on create and on change', async () => {
    const owner = await registerUser(server, { nickname: 'Owner' });
    for (const faceURL of HOSTILE_FACES) {
      const created = await api(server, owner, GroupPath.createGroup, { groupName: 'G', faceURL });
      expect(created.errCode, faceURL).toBe(ErrCode.ARGS);
    }
    const { groupID } = await createGroup(server, owner, []);
    for (const faceURL of HOSTILE_FACES) {
      const changed = await api(server, owner, GroupPath.setGroupInfo, { groupID, faceURL });
      expect(changed.errCode, faceURL).toBe(ErrCode.ARGS);
    }
    const url = await uploadAvatar(owner.imToken);
    const info = await groupCall<GroupInfo>(server, owner, GroupPath.setGroupInfo, { groupID, faceURL: url });
    expect(info.faceURL).toBe(url);
  });

  it('birth is a plausible past date; 9e15 and tomorrow-next-year are refused and lookups keep working', async () => {
    const user = await registerUser(server, { nickname: 'Born' });
    const friend = await registerUser(server, { nickname: 'Friend' });
    await makeFriends(server, user, friend);
    for (const birth of [9e15, -9e15, Date.now() + 400 * 24 * 3600 * 1000, Date.UTC(1800, 0, 1), 1.5])
      expect((await updateProfile(server, user, { userID: user.userID, birth })).errCode, String(birth)).toBe(
        ErrCode.ARGS,
      );
    const old = Date.UTC(1931, 2, 4);
    expect((await updateProfile(server, user, { userID: user.userID, birth: old })).errCode).toBe(0);
    const seen = await findFullInfo(server, friend, user.userID);
    expect(seen.status).toBe(200);
    expect(seen.data!.users[0]).toMatchObject({ birth: old, birthday: '1931-03-04' });
  });

  it('strangers do not see another user’s birth date; friends and the user do', async () => {
    const user = await registerUser(server, { nickname: 'Private' });
    const friend = await registerUser(server, { nickname: 'Friend' });
    const stranger = await registerUser(server, { nickname: 'Stranger' });
    await makeFriends(server, user, friend);
    const birth = Date.UTC(1990, 4, 17);
    expect((await updateProfile(server, user, { userID: user.userID, birth })).errCode).toBe(0);
    const by = async (viewer: typeof user) =>
      (await findFullInfo(server, viewer, user.userID)).data!.users[0];
    expect(await by(stranger)).toMatchObject({ birth: 0, birthday: '' });
    expect(await by(friend)).toMatchObject({ birth, birthday: '1990-05-17' });
    expect(await by(user)).toMatchObject({ birth, birthday: '1990-05-17' });
    const searched = await post<SearchUsersResp<UserInfo>>(
      server,
      `/chat${ChatPath.searchFull}`,
      { keyword: user.userID },
      stranger.chatToken,
    );
    expect(searched.data!.users).toMatchObject([{ userID: user.userID, birth: 0, birthday: '' }]);
  });

  it('an online-only group send is at most 1 KiB', async () => {
    const { users, groupID } = await createTeam(server, ['O', 'A', 'M']);
    const socket = await connect(users[0]);
    const send = (size: number) =>
      socket.request(WsReq.SendMsg, {
        clientMsgID: newClientMsgID(),
        groupID,
        sessionType: SessionType.Group,
        contentType: ContentType.Custom,
        content: { data: 'x'.repeat(size), description: '', extension: '' },
        isOnlineOnly: true,
      });
    expect((await send(900)).errCode).toBe(0);
    expect((await send(60 * 1024)).errCode).toBe(ErrCode.TOO_LARGE);
  });

  it('a former member’s Revoke of a message after their leave answers as a missing one', async () => {
    const { users, groupID } = await createTeam(server, ['O', 'A', 'M', 'K']);
    const [owner, , member, kicked] = users;
    const [m, k] = [await connect(member), await connect(kicked)];
    await groupCall(server, owner, GroupPath.kickGroupMember, { groupID, userIDList: [kicked.userID] });
    const later = await m.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'after the kick'));
    // Revoked by its sender: its notice names the sender, the revoker and the time.
    await m.call(WsReq.Revoke, { conversationID: groupConversationID(groupID), seq: later.seq });
    const conversationID = groupConversationID(groupID);
    const missing = await k.request(WsReq.Revoke, { conversationID, seq: 9_999 });
    expect(missing.errCode).toBe(ErrCode.NOT_FOUND);
    for (const seq of [later.seq, later.seq + 1]) {
      const answer = await k.request(WsReq.Revoke, { conversationID, seq });
      // The asked seq is echoed back, as for any missing message.
      const errMsg = answer.errMsg.replace(`#${seq} `, '#9999 ');
      expect({ errCode: answer.errCode, errMsg, data: answer.data }).toEqual({
        errCode: missing.errCode,
        errMsg: missing.errMsg,
        data: missing.data,
      });
    }
  });
});
