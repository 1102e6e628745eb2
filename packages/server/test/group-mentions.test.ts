import { describe, expect, it } from 'vitest';
import { AT_ALL_TAG, ErrCode, groupConversationID, GroupAtType, ImPath, WsPush, WsReq } from '@im/protocol';
import type { ConversationItem, ConversationsResp, MessageItem } from '@im/protocol';
import { api } from './support/friends.ts';
import { createTeam, groupAtText } from './support/groups.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/** @mentions: groupAtType per recipient (1 at me, 2 at all, 3 both) until they read to the end. */
describe.each(databases)('group @mentions on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  const team = async () => {
    const { users, groupID } = await createTeam(server, ['Owner', 'Admin', 'Member', 'Other']);
    const [owner, admin, member, other] = users;
    const sockets = await Promise.all(users.map((u) => connect(u)));
    return { owner, admin, member, other, sockets, groupID };
  };
  const atType = async (user: User, groupID: string) => {
    const answer = await api<ConversationsResp>(server, user, ImPath.getConversations, {
      conversationIDs: [groupConversationID(groupID)],
    });
    return answer.data!.conversations[0].groupAtType;
  };

  it('marks the mentioned member only, until they read to the end', async () => {
    const { owner, admin, member, other, sockets, groupID } = await team();
    const [, a, m] = sockets;
    const sent = await m.call<MessageItem>(
      WsReq.SendMsg,
      groupAtText(groupID, '@Admin look', [admin.userID]),
    );
    expect(sent.atTextElem).toMatchObject({ text: '@Admin look', atUserList: [admin.userID] });
    expect(await atType(admin, groupID)).toBe(GroupAtType.AtMe);
    for (const user of [owner, member, other]) expect(await atType(user, groupID)).toBe(GroupAtType.None);
    // A read short of the end keeps the mark; reading everything clears it and says so.
    await a.call(WsReq.MarkAsRead, {
      conversationID: groupConversationID(groupID),
      hasReadSeq: sent.seq - 1,
    });
    expect(await atType(admin, groupID)).toBe(GroupAtType.AtMe);
    await a.call(WsReq.MarkAsRead, { conversationID: groupConversationID(groupID) });
    expect(await atType(admin, groupID)).toBe(GroupAtType.None);
  });

  it('@all marks every other member (2), @all plus @me makes 3; only owner and admins may @all', async () => {
    const { owner, admin, member, other, sockets, groupID } = await team();
    const [o, a, m] = sockets;
    const refused = await m.request(WsReq.SendMsg, groupAtText(groupID, '@all hi', [AT_ALL_TAG]));
    expect(refused.errCode).toBe(ErrCode.NO_PERMISSION);
    await a.call(WsReq.SendMsg, groupAtText(groupID, '@all meeting', [AT_ALL_TAG]));
    expect(await atType(admin, groupID)).toBe(GroupAtType.None);
    for (const user of [owner, member, other]) expect(await atType(user, groupID)).toBe(GroupAtType.AtAll);
    await o.call(WsReq.SendMsg, groupAtText(groupID, '@Member and @all', [member.userID, AT_ALL_TAG]));
    expect(await atType(member, groupID)).toBe(GroupAtType.AtAllAtMe);
    expect(await atType(other, groupID)).toBe(GroupAtType.AtAll);
    await m.call(WsReq.MarkAsRead, { conversationID: groupConversationID(groupID) });
    expect(await atType(member, groupID)).toBe(GroupAtType.None);
    // Mentioning a non-member marks nobody and is not an error.
    const stranger = await registerUser(server, { nickname: 'Stranger' });
    await o.call(WsReq.SendMsg, groupAtText(groupID, '@nobody', [stranger.userID]));
    expect(await atType(member, groupID)).toBe(GroupAtType.None);
  });

  it('the mentioned user’s other devices hear the cleared mark as ConversationChanged', async () => {
    const { admin, sockets, groupID } = await team();
    const [, a, m] = sockets;
    const second = await connect(admin, { platformID: 1 });
    await m.call(WsReq.SendMsg, groupAtText(groupID, '@Admin', [admin.userID]));
    await a.call(WsReq.MarkAsRead, { conversationID: groupConversationID(groupID) });
    const changed = await second.waitForPushes<ConversationItem[]>(WsPush.ConversationChanged);
    expect(changed.at(-1)?.[0]).toMatchObject({ groupAtType: 0, unreadCount: 0 });
  });
});
