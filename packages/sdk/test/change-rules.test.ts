import { describe, expect, it } from 'vitest';
import { ContentType } from '@im/protocol';
import type { EditDetail, ReactionDetail } from '@im/protocol';
import { editedInPlace, reactedInPlace } from '../src/changes/change-rules.ts';
import { message } from './support/chat-fixtures.ts';

const edit = (fields: Partial<EditDetail> = {}): EditDetail => ({
  conversationID: 'si_alice_bob',
  clientMsgID: 'c',
  seq: 1,
  editorID: 'bob',
  editTime: 2000,
  contentType: ContentType.Text,
  content: JSON.stringify({ content: 'new' }),
  ...fields,
});
const reaction = (reactions: ReactionDetail['reactions']): ReactionDetail => ({
  conversationID: 'si_alice_bob',
  clientMsgID: 'c',
  seq: 1,
  userID: 'alice',
  emoji: '👍',
  added: true,
  reactions,
});

/** The applier's rules (docs/sdk.md "Message changes"): idempotent, never older over newer, never on a revoke. */
describe('change rules', () => {
  it('an edit replaces the element and sets editTime; a repeat or an older edit changes nothing', () => {
    const original = message({ textElem: { content: 'old' } });
    const edited = editedInPlace(original, edit())!;
    expect(edited).toMatchObject({ textElem: { content: 'new' }, editTime: 2000 });
    expect(editedInPlace(edited, edit())).toBeNull();
    expect(
      editedInPlace(edited, edit({ editTime: 1500, content: JSON.stringify({ content: 'older' }) })),
    ).toBeNull();
    expect(
      editedInPlace(edited, edit({ editTime: 3000, content: JSON.stringify({ content: 'newer' }) })),
    ).toMatchObject({ textElem: { content: 'newer' }, editTime: 3000 });
  });

  it('neither an edit nor a reaction touches a revoked message, nor a malformed one', () => {
    const revoked = message({
      contentType: ContentType.Revoke,
      textElem: undefined,
      notificationElem: { detail: '{}' },
    });
    expect(editedInPlace(revoked, edit())).toBeNull();
    expect(reactedInPlace(revoked, reaction([{ emoji: '👍', userIDs: ['alice'] }]))).toBeNull();
    expect(editedInPlace(message(), edit({ content: 'not json' }))).toBeNull();
    expect(editedInPlace(message(), edit({ contentType: ContentType.AtText }))).toBeNull();
  });

  it('reactions take the notice’s totals whole; the same totals again change nothing; none left removes them', () => {
    const reacted = reactedInPlace(message(), reaction([{ emoji: '👍', userIDs: ['alice'] }]))!;
    expect(reacted.reactions).toEqual([{ emoji: '👍', userIDs: ['alice'] }]);
    expect(reactedInPlace(reacted, reaction([{ emoji: '👍', userIDs: ['alice'] }]))).toBeNull();
    expect(reactedInPlace(reacted, reaction([]))).not.toHaveProperty('reactions');
  });
});
