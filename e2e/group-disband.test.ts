import { describe, expect, it } from 'vitest';
import {
  composerPlaceholder,
  confirmDialog,
  createGroupByApi,
  noticeShown,
  openGroupFromList,
  toastShown,
} from './support/groups.ts';
import { GroupPath } from '@im/protocol';
import { chatList, eventually, imApi, makeFriends, openAs, registerByApi } from './support/messaging.ts';
import { useMessengerSuite } from './support/suite.ts';

/**
 * Issue 11, journey "An admin disbands a group": owner and admins disband
 * (docs/product.md#roles-and-permissions), while transfer and admin roles stay the owner's. Ann owns
 * "Climbers", Bob is its admin and Carl a member; Bob disbands it after a confirmation, and Carl, in
 * the chat, sees the notice and a composer that no longer sends.
 */
describe('an admin disbands a group', () => {
  const suite = useMessengerSuite();

  it('B, an admin, disbands the group from its settings; C sees it disbanded live', async () => {
    const { server, browser, contexts } = suite;
    const [ann, bob, carl] = await Promise.all(
      ['Ann', 'Bob', 'Carl'].map((name) => registerByApi(server, name)),
    );
    await Promise.all([makeFriends(server, ann, bob), makeFriends(server, ann, carl)]);
    const groupID = await createGroupByApi(server, ann, 'Climbers', [bob, carl], [bob]);
    const named = await imApi(server, bob, GroupPath.setGroupMemberNickname, {
      groupID,
      userID: bob.userID,
      groupNickname: 'Bobcat',
    });
    expect(named.envelope.errCode).toBe(0);
    const [b, c] = await Promise.all([bob, carl].map((user) => openAs(browser, server, user)));
    contexts.push(b.context, c.context);
    const [pageB, pageC] = [b.page, c.page];

    await openGroupFromList(pageC, server, 'Climbers');
    // An ordinary member may leave but not disband.
    await pageC.getByRole('button', { name: 'Group settings' }).click();
    await pageC.getByRole('button', { name: 'Leave group' }).waitFor();
    expect(await pageC.getByRole('button', { name: 'Disband group' }).count()).toBe(0);
    // Bob's card, opened from the group, names his group nickname and his role there.
    await pageC.getByRole('link', { name: 'View all members (3)' }).click();
    await pageC.getByRole('button', { name: /Bobcat/ }).click();
    await pageC.waitForURL(/\/userCard\?userID=.*groupID=/);
    const inGroup = pageC.getByRole('region', { name: 'In this group' });
    await eventually(() => inGroup.textContent()).toContain('Group nicknameBobcat');
    expect(await inGroup.textContent()).toContain('RoleAdmin');
    await openGroupFromList(pageC, server, 'Climbers');

    await openGroupFromList(pageB, server, 'Climbers');
    await pageB.getByRole('button', { name: 'Group settings' }).click();
    await pageB.waitForURL(/\/groupSetting\?groupID=/);
    // The owner's powers are not the admin's: no transfer, no admin roles in management.
    await pageB.getByRole('link', { name: 'Group management' }).click();
    await pageB.waitForURL(/\/groupManage\?groupID=/);
    await pageB.getByRole('switch', { name: 'Mute all members' }).waitFor();
    expect(await pageB.getByRole('button', { name: 'Transfer ownership' }).count()).toBe(0);
    expect(await pageB.getByRole('button', { name: 'Add administrator' }).count()).toBe(0);
    await pageB.getByRole('button', { name: 'Back' }).click();
    await pageB.waitForURL(/\/groupSetting\?groupID=/);

    // A cancelled confirmation changes nothing.
    await pageB.getByRole('button', { name: 'Disband group' }).click();
    await confirmDialog(pageB, 'Disband this group for every member?', 'Cancel');
    await pageB.getByRole('button', { name: 'Leave group' }).waitFor();
    await pageB.getByRole('button', { name: 'Disband group' }).click();
    await confirmDialog(pageB, 'Disband this group for every member?', 'Disband');
    await toastShown(pageB, 'Group disbanded');
    await pageB.waitForURL(/\/conversation$/);

    // Bob acts under his group nickname.
    await noticeShown(pageC, 'Bobcat dismissed the group');
    await composerPlaceholder(pageC, 'The group has been disbanded');
    await eventually(() => chatList(pageB).row('Climbers').textContent()).toContain(
      'You dismissed the group',
    );
  });
});
