import type { enSearch } from './en-search';

/** 搜索（好友和群组、消息）的中文文本；键与 en-search.ts 完全相同。 */
export const zhCNSearch: typeof enSearch = {
  finder: {
    open: '搜索',
    contactsLabel: '搜索好友和群组',
    contactsPlaceholder: '好友昵称、备注或群名称',
    contactsHint: '按昵称或备注查找好友，按名称查找群组',
    friends: '好友',
    groups: '群组',
    remarkOf: '昵称：{{nickname}}',
    messagesTitle: '搜索消息',
    chatMessagesTitle: '查找聊天记录',
    messagesLabel: '搜索消息',
    messagesPlaceholder: '搜索',
    messagesHint: '输入消息中的任意文字查找消息',
    chatMessagesHint: '输入任意文字查找本聊天的消息',
    results: '搜索结果',
    noResults: '没有找到“{{keyword}}”的相关结果',
    failed: '搜索失败，请检查网络后重试',
    serverFailed: '更早的历史消息搜索失败，请检查网络后重试',
    retry: '重试',
    loadingMore: '正在加载更多…',
    inChat: '来自 {{name}}',
    openResult: '打开 {{name}} 的消息：{{text}}',
    searchChat: '查找聊天记录',
  },
};
