import { describe, expect, it, vi } from 'vitest';
import { groupConversationID } from '@im/protocol';
import { registerFriends, useRealServer } from './support/real-server.ts';

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** A renamed group shows its new name in every member's conversation list at once. */
describe('group rename against the real server', () => {
  const { server, loginSynced } = useRealServer();

  it('announces the new name and face of the conversation on the members’ devices by itself', async () => {
    const [olgaS, bobS] = await registerFriends(server, ['Olga', 'Bob']);
    const olga = await loginSynced(olgaS);
    const bob = await loginSynced(bobS);
    const { groupID } = await olga.client.groups.createGroup({
      groupName: 'Hikers',
      memberUserIDs: [bobS.userID],
    });
    const conversationID = groupConversationID(groupID);
    const announced = (name: string) =>
      [...bob.log.of('newConversation'), ...bob.log.of('conversationChanged')]
        .flat()
        .filter((c) => c.conversationID === conversationID)
        .at(-1)?.showName === name;
    await vi.waitFor(() => expect(announced('Hikers')).toBe(true));

    // A group's face is an image uploaded to the server (docs/operations.md#validation).
    const { url: face } = await olga.client.files.uploadFile(
      new File([PNG], 'climb.png', { type: 'image/png' }),
    );
    // No list call here: the app shows what the core announces, without asking for the list again.
    await olga.client.groups.setGroupInfo({ groupID, groupName: 'Climbers', faceURL: face });
    await vi.waitFor(() => expect(announced('Climbers')).toBe(true));
    const row = (await bob.client.conversations.getConversationListSplit(0, 20)).find(
      (c) => c.conversationID === conversationID,
    );
    expect(row).toMatchObject({ showName: 'Climbers', faceURL: face });
  });
});
