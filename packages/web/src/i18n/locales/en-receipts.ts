/**
 * The English texts of read receipts and burn-after-reading, spread into `en.ts`. zh-CN-receipts.ts
 * has exactly the same keys (typed: it is declared as this type).
 */
export const enReceipts = {
  receipts: {
    unread: 'Unread',
    read: 'Read',
    groupUnread: '{{count}} unread',
    allRead: 'All read',
    readersTitle: 'Message receipts',
    readers: 'Read ({{count}})',
    nonReaders: 'Unread ({{count}})',
    readersFailed: 'Could not load who has read it',
    nobody: 'Nobody',
  },
  burn: {
    setting: 'Burn after reading',
    duration: 'Burn time',
    chooseDuration: 'Choose how long a read message stays',
    d30: '30 s',
    d300: '5 min',
    d3600: '1 h',
    d86400: '1 day',
    changeFailed: 'Could not change burn after reading',
    mark: 'Burn after reading',
    countdown: 'Burns in {{time}}',
    summary: '[Burn after reading]',
    noticeOn: '{{name}} turned on burn after reading: {{duration}}',
    durationLong30: '30 seconds',
    durationLong300: '5 minutes',
    durationLong3600: '1 hour',
    durationLong86400: '1 day',
  },
};
