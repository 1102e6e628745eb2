import { describe, expect, it } from 'vitest';
import { ErrCode } from '@im/protocol';
import { databases, findFullInfo, registerUser, updateProfile } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/** Usernames (docs/product.md#validation, docs/api.md#usernames): 6–12 letters and digits, unique. */
describe.each(databases)('usernames on %s', (database) => {
  const { server } = useSuiteServer({ database });

  it('sets a username and shows it in full info', async () => {
    const user = await registerUser(server, { nickname: 'Una' });
    expect((await updateProfile(server, user, { userID: user.userID, userName: 'una2026' })).errCode).toBe(0);
    const found = await findFullInfo(server, user, user.userID);
    expect(found.data!.users[0].userName).toBe('una2026');
  });

  it('refuses a username outside 6-12 letters and digits with 1001 and changes nothing', async () => {
    const user = await registerUser(server);
    await updateProfile(server, user, { userID: user.userID, userName: 'keep1234' });
    for (const userName of ['abc12', 'abcdefghijk12', 'has space1', 'emoji😀12', 'dash-name1', ''])
      expect((await updateProfile(server, user, { userID: user.userID, userName })).errCode, userName).toBe(
        ErrCode.ARGS,
      );
    expect((await findFullInfo(server, user, user.userID)).data!.users[0].userName).toBe('keep1234');
  });

  it("refuses another user's username with 1201, case-insensitively, and changes nothing", async () => {
    const a = await registerUser(server, { nickname: 'A' });
    const b = await registerUser(server, { nickname: 'B' });
    expect((await updateProfile(server, a, { userID: a.userID, userName: 'TakenName1' })).errCode).toBe(0);
    expect((await updateProfile(server, b, { userID: b.userID, userName: 'bobby123' })).errCode).toBe(0);
    for (const userName of ['TakenName1', 'takenname1']) {
      const answer = await updateProfile(server, b, { userID: b.userID, userName, nickname: 'Changed' });
      expect(answer.errCode).toBe(ErrCode.USERNAME_TAKEN);
      expect(answer.errMsg).toContain('this username is already taken');
    }
    const found = (await findFullInfo(server, b, b.userID)).data!.users[0];
    expect(found).toMatchObject({ userName: 'bobby123', nickname: 'B' });
    // One's own username again (in another case) is no conflict.
    expect((await updateProfile(server, a, { userID: a.userID, userName: 'takenNAME1' })).errCode).toBe(0);
  });

  it('two users racing for one username: exactly one gets it', async () => {
    const users = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    const answers = await Promise.all(
      users.map((u) => updateProfile(server, u, { userID: u.userID, userName: 'racer777' })),
    );
    const codes = answers.map((a) => a.errCode).sort();
    expect(codes).toEqual([0, ErrCode.USERNAME_TAKEN, ErrCode.USERNAME_TAKEN]);
  });
});
