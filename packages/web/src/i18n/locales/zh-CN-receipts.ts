import type { enReceipts } from './en-receipts';

/** 已读回执与阅后即焚的中文文本：与 en-receipts.ts 键相同。 */
export const zhCNReceipts: typeof enReceipts = {
  receipts: {
    unread: '未读',
    read: '已读',
    groupUnread: '{{count}} 人未读',
    allRead: '全部已读',
    readersTitle: '消息接收状态',
    readers: '已读（{{count}}）',
    nonReaders: '未读（{{count}}）',
    readersFailed: '无法获取已读成员',
    nobody: '无',
  },
  burn: {
    setting: '阅后即焚',
    duration: '焚毁时间',
    chooseDuration: '选择消息被阅读后保留多久',
    d30: '30 秒',
    d300: '5 分钟',
    d3600: '1 小时',
    d86400: '1 天',
    changeFailed: '阅后即焚设置失败',
    mark: '阅后即焚',
    countdown: '{{time}} 后焚毁',
    summary: '[阅后即焚]',
    noticeOn: '{{name}} 开启了阅后即焚：{{duration}}',
    durationLong30: '30 秒',
    durationLong300: '5 分钟',
    durationLong3600: '1 小时',
    durationLong86400: '1 天',
  },
};
