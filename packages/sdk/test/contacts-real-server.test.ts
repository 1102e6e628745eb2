import { describe, expect, it, vi } from 'vitest';
import { ContentType, ErrCode, HandleResult, MessageStatus, singleConversationID } from '@im/protocol';
import type { LoginResp } from '@im/protocol';
import { errCodeOf } from './support/harness.ts';
import { befriendReal, registerFriends, registerReal, useRealServer } from './support/real-server.ts';

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** The sdk's contacts calls and events against the real server: docs/sdk.md "Contacts". */
describe('sdk contacts against the real server', () => {
  const { server, loginSynced } = useRealServer();

  it('applies and accepts: both sides hear every step, the 1204 notice arrives, then they chat', async () => {
    const [aliceS, bobS] = [await registerReal(server, 'Alice'), await registerReal(server, 'Bob')];
    const [alice, bob] = [await loginSynced(aliceS), await loginSynced(bobS)];
    const application = await alice.client.contacts.addFriend({
      toUserID: bobS.userID,
      reqMsg: 'I am Alice',
    });
    expect(application).toMatchObject({ fromUserID: aliceS.userID, toUserID: bobS.userID, handleResult: 0 });
    await vi.waitFor(() => expect(bob.log.of('friendApplicationAdded')).toEqual([application]));
    await vi.waitFor(() => expect(alice.log.of('friendApplicationAdded')).toEqual([application]));
    expect(await bob.client.contacts.getFriendApplicationListAsRecipient()).toEqual([application]);
    expect(await alice.client.contacts.getFriendApplicationListAsApplicant({ offset: 0, count: 10 })).toEqual(
      [application],
    );

    const accepted = await bob.client.contacts.acceptFriendApplication({
      fromUserID: aliceS.userID,
      handleMsg: 'welcome',
      remark: 'Ally',
    });
    expect(accepted).toMatchObject({ handleResult: HandleResult.Approved, handleMsg: 'welcome' });
    for (const side of [alice, bob])
      await vi.waitFor(() => expect(side.log.of('friendApplicationAccepted')).toEqual([accepted]));
    await vi.waitFor(() =>
      expect(alice.log.of('friendAdded')).toMatchObject([
        { userID: bobS.userID, nickname: 'Bob', remark: '' },
      ]),
    );
    await vi.waitFor(() =>
      expect(bob.log.of('friendAdded')).toMatchObject([
        { userID: aliceS.userID, nickname: 'Alice', remark: 'Ally' },
      ]),
    );
    const conversationID = singleConversationID(aliceS.userID, bobS.userID);
    for (const side of [alice, bob])
      await vi.waitFor(() =>
        expect(side.received()).toMatchObject([
          { seq: 1, contentType: ContentType.FriendAdded, conversationID },
        ]),
      );
    expect(await alice.client.contacts.checkFriend(bobS.userID)).toEqual({ isFriend: true, isBlack: false });

    await alice.client.messages.sendMessage({
      recvID: bobS.userID,
      message: alice.client.messages.createTextMessage('hi Bob'),
    });
    await vi.waitFor(() =>
      expect(bob.received().map((m) => m.textElem?.content)).toEqual([undefined, 'hi Bob']),
    );
    const [conversation] = await bob.client.conversations.getConversationListSplit(0, 20);
    expect(conversation).toMatchObject({ conversationID, showName: 'Ally', unreadCount: 1 });
  });

  it('refuses: the applicant hears it; sends between non-friends fail at once with 1301', async () => {
    const [aliceS, bobS] = [await registerReal(server, 'Alice'), await registerReal(server, 'Bob')];
    const [alice, bob] = [await loginSynced(aliceS), await loginSynced(bobS)];
    const message = alice.client.messages.createTextMessage('hello?');
    expect(await errCodeOf(alice.client.messages.sendMessage({ recvID: bobS.userID, message }))).toBe(
      ErrCode.NOT_FRIEND,
    );
    expect((await alice.store.getMessage(message.clientMsgID))?.status).toBe(MessageStatus.Failed);

    await alice.client.contacts.addFriend({ toUserID: bobS.userID });
    const refused = await bob.client.contacts.refuseFriendApplication({
      fromUserID: aliceS.userID,
      handleMsg: 'no',
    });
    expect(refused).toMatchObject({ handleResult: HandleResult.Rejected, handleMsg: 'no' });
    await vi.waitFor(() => expect(alice.log.of('friendApplicationRejected')).toEqual([refused]));
    expect(await alice.client.contacts.getFriendApplicationListAsApplicant()).toEqual([refused]);
    expect(await errCodeOf(bob.client.contacts.refuseFriendApplication({ fromUserID: aliceS.userID }))).toBe(
      ErrCode.APPLICATION_NOT_FOUND,
    );
    expect(await alice.client.contacts.getFriendList()).toEqual([]);
  });

  it('pages the friend list; remark and delete reach the devices concerned', async () => {
    const meS = await registerReal(server, 'Me');
    const others: LoginResp[] = [];
    for (let i = 0; i < 5; i += 1) {
      const other = await registerReal(server, `F${i}`);
      await befriendReal(server, meS, other);
      others.push(other);
      await new Promise((resolve) => setTimeout(resolve, 2)); // distinct friendship times
    }
    const me = await loginSynced(meS);
    const all = await me.client.contacts.getFriendList();
    expect(all.map((f) => f.nickname)).toEqual(['F0', 'F1', 'F2', 'F3', 'F4']);
    const pages = [
      await me.client.contacts.getFriendListPage(0, 2),
      await me.client.contacts.getFriendListPage(2, 2),
      await me.client.contacts.getFriendListPage(4, 2),
    ];
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(all);

    const changed = await me.client.contacts.setFriendRemark({
      friendUserID: others[0].userID,
      remark: 'Best',
    });
    expect(changed).toMatchObject({ userID: others[0].userID, remark: 'Best' });
    await vi.waitFor(() => expect(me.log.of('friendInfoChanged')).toEqual([changed]));
    expect(await me.client.contacts.getSpecifiedFriendsInfo([others[0].userID])).toEqual([changed]);

    const peer = await loginSynced(others[1]);
    await me.client.contacts.deleteFriend(others[1].userID);
    await vi.waitFor(() => expect(me.log.of('friendDeleted')).toMatchObject([{ userID: others[1].userID }]));
    await vi.waitFor(() => expect(peer.log.of('friendDeleted')).toMatchObject([{ userID: meS.userID }]));
    expect((await me.client.contacts.getFriendList()).map((f) => f.nickname)).toEqual([
      'F0',
      'F2',
      'F3',
      'F4',
    ]);
  });

  it('blocks and unblocks: own devices hear it, the blocked user’s messages fail with 1302', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const [alice, bob] = [await loginSynced(aliceS), await loginSynced(bobS)];
    const black = await alice.client.contacts.addBlack(bobS.userID);
    expect(black).toMatchObject({ userID: bobS.userID, nickname: 'Bob' });
    await vi.waitFor(() => expect(alice.log.of('blackAdded')).toEqual([black]));
    expect(await alice.client.contacts.getBlackList()).toEqual([black]);
    expect(await alice.client.contacts.checkFriend(bobS.userID)).toEqual({ isFriend: true, isBlack: true });
    const message = bob.client.messages.createTextMessage('are you there?');
    expect(await errCodeOf(bob.client.messages.sendMessage({ recvID: aliceS.userID, message }))).toBe(
      ErrCode.BLOCKED_BY_PEER,
    );
    await alice.client.contacts.removeBlack(bobS.userID);
    await vi.waitFor(() => expect(alice.log.of('blackDeleted')).toEqual([black]));
    expect(await alice.client.contacts.getBlackList()).toEqual([]);
    expect(bob.log.of('blackAdded')).toEqual([]);
    await bob.client.messages.sendMessage({
      recvID: aliceS.userID,
      message: bob.client.messages.createTextMessage('hello again'),
    });
  });

  it('uploads an avatar from a File: text bytes named .png are refused, a real PNG becomes faceURL', async () => {
    const aliceS = await registerReal(server, 'Alice');
    const alice = await loginSynced(aliceS);
    const fake = new File(['<script>alert(1)</script>'], 'evil.png', { type: 'image/png' });
    expect(await errCodeOf(alice.client.files.uploadFile(fake))).toBe(ErrCode.UNSUPPORTED_FILE_TYPE);
    const uploaded = await alice.client.files.uploadFile(new File([PNG], 'me.png', { type: 'image/png' }));
    expect(uploaded).toMatchObject({ contentType: 'image/png', size: PNG.length });
    const self = await alice.client.account.setSelfAvatar(new Blob([PNG]));
    expect(self.faceURL).toMatch(/^\/api\/object\/[0-9a-f]{32}\.png$/);
    expect(alice.log.of('selfInfoUpdated').at(-1)).toMatchObject({ faceURL: self.faceURL });
    const served = await fetch(`${server.url}${self.faceURL}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });
});
