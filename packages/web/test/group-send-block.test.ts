import { describe, expect, it } from 'vitest';
import { sendBlockPlaceholder } from '../src/utils/send-block';
import { translator } from './translate';

/** The group reasons (groupSendBlock in @im/protocol, tested there) as the composer says them. */
describe('group composer placeholders', () => {
  it('each reason has its placeholder in both languages', () => {
    const en = translator('en');
    const zh = translator('zh-CN');
    const texts = {
      leftGroup: ['You are no longer in this group', '你已不在该群聊中'],
      allMuted: ['All members are muted', '全体禁言中'],
      groupDismissed: ['The group has been disbanded', '该群已解散'],
      groupBanned: ['The group has been banned', '该群已被封禁'],
      muted: ['You have been muted', '你已被禁言'],
    } as const;
    for (const [block, [english, chinese]] of Object.entries(texts)) {
      const key = sendBlockPlaceholder[block as keyof typeof texts];
      expect(en(key)).toBe(english);
      expect(zh(key)).toBe(chinese);
    }
  });
});
