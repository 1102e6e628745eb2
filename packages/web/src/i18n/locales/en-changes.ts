/**
 * The English texts of changes to sent messages (edits, reactions), spread into `en.ts`.
 * zh-CN-changes.ts has exactly the same keys (typed: it is declared as this type).
 */
export const enChanges = {
  changes: {
    edit: 'Edit',
    edited: 'edited',
    editing: 'Editing message',
    cancelEdit: 'Cancel editing',
    reactions: 'Reactions',
    reactWith: 'React with {{emoji}}',
    reactionCount: '{{emoji}} {{count}}: show who reacted',
    whoReacted: 'Who reacted',
    you: 'You',
    takeBack: 'Take back my {{emoji}}',
    loadingNames: 'Loading…',
    namesFailed: 'Could not load the names',
    editWindowPassed: 'This message can no longer be edited',
    messageGone: 'The message was recalled or deleted',
  },
};
