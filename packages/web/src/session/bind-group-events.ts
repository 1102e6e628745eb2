import { ContentType, groupConversationID, GroupStatus, parseGroupNotificationDetail } from '@im/protocol';
import type { GroupApplication, GroupInfo, GroupNotificationDetail, MessageItem } from '@im/protocol';
import { im } from '../sdk/im';
import { useContactStore } from '../stores/contact-store';
import { useConversationStore } from '../stores/conversation-store';
import { loadGroupApplications, loadMembers } from '../stores/group-actions';
import { useGroupStore } from '../stores/group-store';

const contacts = () => useContactStore.getState();
const groups = () => useGroupStore.getState();
const selfID = () => im.session.get()?.userID ?? '';

/** The group's info as the screens show it, and its conversation row's name and face with it. */
function putGroup(group: GroupInfo): void {
  groups().putGroup(group);
  const conversations = useConversationStore.getState();
  const row = conversations.conversationList.find(
    (c) => c.conversationID === groupConversationID(group.groupID),
  );
  if (row) conversations.applyConversations([row]);
}

/** Whether the user is in the group after a notification, when it says so (null: it does not tell). */
export function membershipAfter(
  contentType: number,
  detail: GroupNotificationDetail,
  userID: string,
): boolean | null {
  const has = (list: { userID: string }[] | undefined) => Boolean(list?.some((u) => u.userID === userID));
  switch (contentType) {
    case ContentType.GroupCreated:
      return has(detail.memberList) ? true : null;
    case ContentType.MemberInvited:
      return has(detail.invitedUserList) ? true : null;
    case ContentType.MemberEnter:
      return detail.entrantUser?.userID === userID ? true : null;
    case ContentType.MemberQuit:
      return detail.quitUser?.userID === userID ? false : null;
    case ContentType.MemberKicked:
      return has(detail.kickedUserList) ? false : null;
    default:
      return null;
  }
}

/** A group notification (1501-1520) carries the group after the change: the store follows it. */
export function applyGroupNotice(message: MessageItem): void {
  if (!message.groupID || message.contentType < 1500 || message.contentType >= 1600) return;
  const detail = parseGroupNotificationDetail(message.notificationElem?.detail);
  if (!detail) return;
  putGroup(detail.group);
  if (detail.group.status !== GroupStatus.Dismissed) contacts().upsertGroup(detail.group, true);
  const member = membershipAfter(message.contentType, detail, selfID());
  if (member !== null) groups().setMembership(detail.group.groupID, member);
}

/**
 * Keeps the joined groups, the opened groups' info and members and the group applications live from
 * the core's group events (docs/sdk.md "Groups": keyed by groupID, members by groupID + userID) and
 * from the groups' notification messages (name, announcement, mute all, membership).
 */
export function bindGroupEvents(): void {
  im.on('joinedGroupAdded', (group) => {
    contacts().upsertGroup(group);
    putGroup(group);
    groups().setMembership(group.groupID, true);
    if (groups().members[group.groupID]) void loadMembers(group.groupID);
  });
  im.on('joinedGroupDeleted', (group) => {
    contacts().removeGroup(group.groupID);
    putGroup(group);
    // A dismissed group keeps its members (read-only); a quit or a kick ends the membership.
    if (group.status !== GroupStatus.Dismissed) groups().setMembership(group.groupID, false);
  });
  im.on('groupInfoChanged', (group) => {
    contacts().upsertGroup(group, true);
    putGroup(group);
  });
  im.on('groupMemberAdded', (member) => {
    groups().upsertMember(member);
    if (member.userID === selfID()) groups().setMembership(member.groupID, true);
  });
  im.on('groupMemberDeleted', (member) => {
    groups().removeMember(member.groupID, member.userID);
    if (member.userID === selfID()) groups().setMembership(member.groupID, false);
  });
  im.on('groupMemberInfoChanged', (member) => {
    const before = groups().members[member.groupID]?.find((m) => m.userID === member.userID);
    groups().upsertMember(member);
    // Becoming (or no longer being) an admin changes which applications reach this user.
    if (member.userID === selfID() && before?.roleLevel !== member.roleLevel) void loadGroupApplications();
  });

  const application = (item: GroupApplication) => contacts().applyGroupApplication(item, selfID());
  im.on('groupApplicationAdded', application);
  im.on('groupApplicationAccepted', application);
  im.on('groupApplicationRejected', application);

  im.on('recvNewMessages', (messages) => messages.forEach(applyGroupNotice));
}
