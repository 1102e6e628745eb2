/**
 * The English texts of search (friends and groups, messages), spread into `en.ts`. zh-CN-search.ts
 * has exactly the same keys (typed: it is declared as this type).
 */
export const enSearch = {
  finder: {
    open: 'Search',
    contactsLabel: 'Search friends and groups',
    contactsPlaceholder: 'Friend name, remark or group name',
    contactsHint: 'Find your friends by nickname or remark, and your groups by name',
    friends: 'Friends',
    groups: 'Groups',
    remarkOf: 'Nickname: {{nickname}}',
    messagesTitle: 'Search messages',
    chatMessagesTitle: 'Search chat history',
    messagesLabel: 'Search messages',
    messagesPlaceholder: 'Search',
    messagesHint: 'Find messages by any words they contain',
    chatMessagesHint: 'Find messages of this chat by any words they contain',
    results: 'Results',
    noResults: 'No results for "{{keyword}}"',
    failed: 'Search failed. Check the network and try again.',
    serverFailed: 'Older history could not be searched. Check the network and try again.',
    retry: 'Try again',
    loadingMore: 'Loading more…',
    inChat: 'in {{name}}',
    openResult: 'Open the message from {{name}}: {{text}}',
    searchChat: 'Search chat history',
  },
};
