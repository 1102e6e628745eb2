import { afterEach, describe, expect, it, vi } from 'vitest';
import { AT_ALL_TAG, ContentType, GroupAtType, SessionType, WsPush } from '@im/protocol';
import type { GroupInfo, GroupMemberInfo, MessageItem } from '@im/protocol';
import { applyMessage } from '../src/conversations/apply-message.ts';
import { FakeGateway } from './support/fake-gateway.ts';
import { conversation, textMessage } from './support/fixtures.ts';
import { loginClient, synced } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';

const open: TestClient[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.client.logout();
});

/** An at-text message in group g from alice. */
const at = (seq: number, atUserList: string[], sendID = 'alice'): MessageItem =>
  textMessage(seq, {
    conversationID: 'sg_g',
    sendID,
    recvID: '',
    groupID: 'g',
    sessionType: SessionType.Group,
    contentType: ContentType.AtText,
    textElem: undefined,
    atTextElem: { text: '@', atUserList },
  });

describe('group rules of the sdk', () => {
  it('marks a group conversation @me, @all or both from new at-text messages, as the server does', () => {
    const base = conversation('sg_g', {
      conversationType: SessionType.Group,
      groupID: 'g',
      maxSeq: 1,
      hasReadSeq: 1,
    });
    const atMe = applyMessage(base, at(2, ['bob']), 'bob')!;
    expect(atMe.groupAtType).toBe(GroupAtType.AtMe);
    expect(applyMessage(base, at(2, ['carol']), 'bob')!.groupAtType).toBe(GroupAtType.None);
    expect(applyMessage(atMe, at(3, [AT_ALL_TAG]), 'bob')!.groupAtType).toBe(GroupAtType.AtAllAtMe);
    // Own messages and messages already read mark nothing.
    expect(applyMessage(base, at(2, ['bob', AT_ALL_TAG], 'bob'), 'bob')!.groupAtType).toBe(GroupAtType.None);
    const read = conversation('sg_g', { maxSeq: 1, hasReadSeq: 5 });
    expect(applyMessage(read, at(2, ['bob']), 'bob')!.groupAtType).toBe(GroupAtType.None);
  });

  it('re-emits each group Notice under its own name with its data', async () => {
    const gateway = new FakeGateway();
    const alice = await loginClient(gateway, 'alice');
    open.push(alice);
    await synced(alice);
    const group = { groupID: 'g', groupName: 'G', memberCount: 2 } as GroupInfo;
    const member = { groupID: 'g', userID: 'bob', roleLevel: 20 } as GroupMemberInfo;
    const notices: [string, unknown][] = [
      ['joinedGroupAdded', group],
      ['groupInfoChanged', { ...group, status: 3 }],
      ['groupMemberAdded', member],
      ['groupMemberInfoChanged', { ...member, roleLevel: 60 }],
      ['groupMemberDeleted', member],
      ['groupApplicationAdded', { groupID: 'g', userID: 'carol', handleResult: 0 }],
      ['groupApplicationAccepted', { groupID: 'g', userID: 'carol', handleResult: 1 }],
      ['groupApplicationRejected', { groupID: 'g', userID: 'dave', handleResult: -1 }],
      ['joinedGroupDeleted', group],
    ];
    for (const [event, data] of notices) gateway.push('alice', WsPush.Notice, { event, data });
    await vi.waitFor(() => expect(alice.log.of('joinedGroupDeleted')).toHaveLength(1));
    const groupEvents = alice.log.entries.filter((e) => notices.some(([name]) => name === e.event));
    expect(groupEvents.map((e) => [e.event, e.payload])).toEqual(notices);
  });
});
