import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContentType, GroupStatus, RoleLevel } from '@im/protocol';
import { im } from '../src/sdk/im';
import { bindGroupEvents } from '../src/session/bind-group-events';
import { readAccessed } from '../src/stores/accessed-applications';
import { useContactStore } from '../src/stores/contact-store';
import { useConversationStore } from '../src/stores/conversation-store';
import { markGroupApplicationsAccessed } from '../src/stores/group-actions';
import { useGroupStore } from '../src/stores/group-store';
import { conversation } from './fixtures';
import { group, groupApplication, groupNotice, member } from './group-fixtures';
import { emitCoreEvent } from './core-event-player';

/** The group state follows the core's group events and the groups' notifications, live. */
describe('group events → stores', () => {
  const contacts = () => useContactStore.getState();
  const groups = () => useGroupStore.getState();
  beforeAll(() => bindGroupEvents());
  afterAll(() => im.session.clear());
  beforeEach(() => {
    localStorage.clear();
    im.session.save({ userID: 'alice', imToken: 'i', chatToken: 'c' });
    contacts().reset();
    groups().reset();
    useConversationStore.getState().reset();
  });

  it('a joined group enters the list; a change replaces it; leaving removes it', () => {
    emitCoreEvent('joinedGroupAdded', group());
    expect(contacts().groupList.map((g) => g.groupName)).toEqual(['Hikers']);
    expect(groups().membership.g1).toBe(true);
    emitCoreEvent('groupInfoChanged', group({ groupName: 'Climbers', memberCount: 4 }));
    expect(contacts().groupList[0]).toMatchObject({ groupName: 'Climbers', memberCount: 4 });
    expect(groups().infos.g1.groupName).toBe('Climbers');
    // A change of a group not in the list (left earlier) stays out of it.
    emitCoreEvent('groupInfoChanged', group({ groupID: 'g2' }));
    expect(contacts().groupList).toHaveLength(1);
    emitCoreEvent('joinedGroupDeleted', group());
    expect(contacts().groupList).toEqual([]);
    expect(groups().membership.g1).toBe(false);
  });

  it('a dismissed group leaves the list but its members stay members (read-only)', () => {
    emitCoreEvent('joinedGroupAdded', group());
    emitCoreEvent('joinedGroupDeleted', group({ status: GroupStatus.Dismissed }));
    expect(contacts().groupList).toEqual([]);
    expect(groups().membership.g1).toBe(true);
    expect(groups().infos.g1.status).toBe(GroupStatus.Dismissed);
  });

  it('members of a loaded group are added, changed (kept in role order) and removed', () => {
    groups().putMembers('g1', [
      member({ userID: 'alice', roleLevel: RoleLevel.Owner }),
      member({ userID: 'bob' }),
    ]);
    emitCoreEvent('groupMemberAdded', member({ userID: 'carl', joinTime: 20 }));
    emitCoreEvent(
      'groupMemberInfoChanged',
      member({ userID: 'carl', joinTime: 20, roleLevel: RoleLevel.Admin }),
    );
    expect(groups().members.g1.map((m) => m.userID)).toEqual(['alice', 'carl', 'bob']);
    emitCoreEvent('groupMemberInfoChanged', member({ userID: 'bob', muteEndTime: 99 }));
    expect(groups().members.g1.find((m) => m.userID === 'bob')?.muteEndTime).toBe(99);
    emitCoreEvent('groupMemberDeleted', member({ userID: 'bob' }));
    expect(groups().members.g1.map((m) => m.userID)).toEqual(['alice', 'carl']);
    // Members of a group not loaded are not guessed.
    emitCoreEvent('groupMemberAdded', member({ groupID: 'g9', userID: 'dan' }));
    expect(groups().members.g9).toBeUndefined();
  });

  it('notifications carry the group after the change: name, mute all, membership', () => {
    emitCoreEvent('joinedGroupAdded', group());
    const bob = { userID: 'bob', nickname: 'Bob', faceURL: '' };
    const me = { userID: 'alice', nickname: 'Alice', faceURL: '' };
    emitCoreEvent('recvNewMessages', [
      groupNotice(ContentType.GroupNameUpdated, { opUser: bob }, { groupName: 'Climbers' }),
    ]);
    expect(contacts().groupList[0].groupName).toBe('Climbers');
    emitCoreEvent('recvNewMessages', [
      groupNotice(ContentType.GroupMuted, { opUser: bob }, { status: GroupStatus.Muted }),
    ]);
    expect(groups().infos.g1.status).toBe(GroupStatus.Muted);
    emitCoreEvent('recvNewMessages', [
      groupNotice(ContentType.MemberKicked, { opUser: bob, kickedUserList: [me] }),
    ]);
    expect(groups().membership.g1).toBe(false);
    emitCoreEvent('recvNewMessages', [
      groupNotice(ContentType.MemberInvited, { opUser: bob, invitedUserList: [me] }),
    ]);
    expect(groups().membership.g1).toBe(true);
  });

  it('group applications: received ones count on the badge until the list is opened; own ones are sent', () => {
    emitCoreEvent('groupApplicationAdded', groupApplication({ userID: 'dan', createTime: 1 }));
    emitCoreEvent('groupApplicationAdded', groupApplication({ groupID: 'g2', userID: 'dan', createTime: 2 }));
    emitCoreEvent(
      'groupApplicationAdded',
      groupApplication({ groupID: 'g3', userID: 'alice', createTime: 3 }),
    );
    expect(contacts().recvGroupApplicationList).toHaveLength(2);
    expect(contacts().sendGroupApplicationList.map((a) => a.groupID)).toEqual(['g3']);
    expect(contacts().unHandleGroupApplicationNum).toBe(2);

    markGroupApplicationsAccessed();
    expect(contacts().unHandleGroupApplicationNum).toBe(0);
    expect(readAccessed(localStorage, 'group', 'alice')).toEqual(['g2_dan_2', 'g1_dan_1']);

    // Handled: it replaces its pending copy in place; applying again counts again.
    emitCoreEvent(
      'groupApplicationAccepted',
      groupApplication({ userID: 'dan', createTime: 1, handleResult: 1 }),
    );
    expect(contacts().recvGroupApplicationList.map((a) => a.handleResult)).toEqual([0, 1]);
    emitCoreEvent('groupApplicationAdded', groupApplication({ groupID: 'g2', userID: 'dan', createTime: 5 }));
    expect(contacts().unHandleGroupApplicationNum).toBe(1);
  });

  it("the group's row on the chats list takes its new name and face, also over the core's stale copy", () => {
    const row = conversation({ conversationID: 'sg_g1', userID: '', groupID: 'g1', showName: 'Hikers' });
    useConversationStore.getState().setConversationList([row]);
    emitCoreEvent('groupInfoChanged', group({ groupName: 'Climbers', faceURL: '/api/object/f.png' }));
    const shown = () => useConversationStore.getState().conversationList[0];
    expect(shown()).toMatchObject({ showName: 'Climbers', faceURL: '/api/object/f.png' });
    // A later change from the core (a new message) still carries the old name: the group's wins.
    useConversationStore.getState().applyConversations([{ ...row, unreadCount: 2 }]);
    expect(shown()).toMatchObject({ showName: 'Climbers', unreadCount: 2 });
  });
});
