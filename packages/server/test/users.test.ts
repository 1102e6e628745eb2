import { describe, expect, it } from 'vitest';
import { ErrCode, WsPush } from '@im/protocol';
import type { SearchUsersResp, UserInfo } from '@im/protocol';
import { databases, findFullInfo, post, registerUser, updateProfile, uploadAvatar } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/** Profiles on the chat service (docs/product.md#user, docs/product.md#server-calls). */
describe.each(databases)('users on %s', (database) => {
  const { server } = useSuiteServer({ database });

  it('updates own profile fields, including the allow-add-friend flag, and announces it', async () => {
    const user = await registerUser(server, { nickname: 'Before' });
    const pushes: unknown[] = [];
    server.app.messenger.bus.subscribe('push', (event) => {
      if (event.userIDs.includes(user.userID) && event.reqIdentifier === WsPush.Notice)
        pushes.push(event.data);
    });
    const birth = Date.UTC(1990, 4, 17);
    const face = await uploadAvatar(server, user.imToken);
    const update = await updateProfile(server, user, {
      userID: user.userID,
      nickname: 'After',
      gender: 2,
      birth,
      allowAddFriend: 2,
      faceURL: face,
    });
    expect(update.errCode).toBe(0);
    const found = await findFullInfo(server, user, user.userID);
    expect(found.data!.users[0]).toMatchObject({
      nickname: 'After',
      gender: 2,
      birth,
      birthday: '1990-05-17',
      allowAddFriend: 2,
      faceURL: face,
      email: user.email,
    });
    expect(pushes).toEqual([
      { event: 'selfInfoUpdated', data: expect.objectContaining({ nickname: 'After' }) },
    ]);
  });

  it("refuses to update another user's profile with 1002 and changes nothing", async () => {
    const a = await registerUser(server, { nickname: 'A' });
    const b = await registerUser(server, { nickname: 'B' });
    const answer = await updateProfile(server, a, { userID: b.userID, nickname: 'Hacked' });
    expect(answer.errCode).toBe(ErrCode.NO_PERMISSION);
    const found = await findFullInfo(server, b, b.userID);
    expect(found.data!.users[0].nickname).toBe('B');
  });

  it('refuses an empty nickname with 1001', async () => {
    const user = await registerUser(server);
    const answer = await updateProfile(server, user, { userID: user.userID, nickname: '   ' });
    expect(answer.errCode).toBe(ErrCode.ARGS);
  });

  it("hides another user's phone and e-mail in full info", async () => {
    const a = await registerUser(server);
    const b = await registerUser(server, { nickname: 'Bee' });
    const found = await findFullInfo(server, a, b.userID);
    expect(found.data!.users[0]).toMatchObject({
      userID: b.userID,
      nickname: 'Bee',
      email: '',
      phoneNumber: '',
    });
  });

  it('searches by ID and by e-mail, 20 a page', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server, { nickname: 'Findme' });
    const byID = await post<SearchUsersResp<UserInfo>>(
      server,
      '/chat/user/search/full',
      { keyword: b.userID, pagination: { pageNumber: 1, showNumber: 20 } },
      a.chatToken,
    );
    expect(byID.data).toMatchObject({ total: 1, users: [{ userID: b.userID, nickname: 'Findme' }] });
    const byEmail = await post<SearchUsersResp<UserInfo>>(
      server,
      '/chat/user/search/full',
      { keyword: b.email.toUpperCase() },
      a.chatToken,
    );
    expect(byEmail.data!.users.map((u) => u.userID)).toEqual([b.userID]);
    const page2 = await post<SearchUsersResp<UserInfo>>(
      server,
      '/chat/user/search/full',
      { keyword: b.userID, pagination: { pageNumber: 2, showNumber: 20 } },
      a.chatToken,
    );
    expect(page2.data).toMatchObject({ total: 1, users: [] });
  });

  it('answers public info by id: nickname, face and gender only', async () => {
    const a = await registerUser(server, { nickname: 'Pub' });
    const answer = await post<{ users: object[] }>(
      server,
      '/chat/user/find/public',
      { userIDs: [a.userID, 'missing'] },
      a.chatToken,
    );
    expect(answer.data!.users).toEqual([{ userID: a.userID, nickname: 'Pub', faceURL: '', gender: 0 }]);
    const im = await post<{ users: object[] }>(
      server,
      '/api/user/get_users_info',
      { userIDs: [a.userID] },
      a.imToken,
    );
    expect(im.data!.users).toEqual([{ userID: a.userID, nickname: 'Pub', faceURL: '', gender: 0 }]);
  });
});
