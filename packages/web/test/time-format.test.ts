import { describe, expect, it } from 'vitest';
import { formatConversationTime, formatDuration, formatMessageTime } from '../src/utils/time-format';
import { translator } from './translate';

const en = { t: translator('en'), language: 'en' };
const zh = { t: translator('zh-CN'), language: 'zh-CN' };

// Wednesday 15 May 2024, 14:30 local time.
const now = new Date(2024, 4, 15, 14, 30).getTime();
const at = (day: number, hour: number, minute = 0) => new Date(2024, 4, day, hour, minute).getTime();

describe('conversation time (docs/product.md#limits-and-constants)', () => {
  it('same day: HH:mm', () => {
    expect(formatConversationTime(at(15, 9, 5), en, now)).toBe('09:05');
    expect(formatConversationTime(at(15, 9, 5), zh, now)).toBe('09:05');
  });

  it("yesterday: 'yesterday HH:mm'", () => {
    expect(formatConversationTime(at(14, 23, 10), en, now)).toBe('yesterday 23:10');
    expect(formatConversationTime(at(14, 23, 10), zh, now)).toBe('昨天 23:10');
  });

  it('within a week: the weekday', () => {
    expect(formatConversationTime(at(12, 10), en, now)).toBe('Sunday');
    expect(formatConversationTime(at(12, 10), zh, now)).toBe('星期日');
    expect(formatConversationTime(at(9, 10), en, now)).toBe('Thursday');
  });

  it('otherwise: YYYY/M/D HH:mm (Chinese: YYYY年M月D日 HH:mm)', () => {
    expect(formatConversationTime(at(5, 8), en, now)).toBe('2024/5/5 08:00');
    expect(formatConversationTime(at(5, 8), zh, now)).toBe('2024年5月5日 08:00');
    expect(formatConversationTime(new Date(2023, 11, 31, 23, 59).getTime(), en, now)).toBe(
      '2023/12/31 23:59',
    );
  });

  it('no time is no text', () => {
    expect(formatConversationTime(0, en, now)).toBe('');
  });
});

describe('message time (docs/product.md#limits-and-constants)', () => {
  it("'just now' within seconds", () => {
    expect(formatMessageTime(now - 20_000, en, now)).toBe('just now');
    expect(formatMessageTime(now - 20_000, zh, now)).toBe('刚刚');
  });

  it('under 7 days: the calendar format', () => {
    expect(formatMessageTime(at(15, 14, 0), en, now)).toBe('14:00');
    expect(formatMessageTime(at(14, 10), en, now)).toBe('yesterday 10:00');
    expect(formatMessageTime(at(14, 10), zh, now)).toBe('昨天 10:00');
    expect(formatMessageTime(at(12, 10), en, now)).toBe('Sunday 10:00');
    expect(formatMessageTime(at(12, 10), zh, now)).toBe('星期日 10:00');
  });

  it('7 days and older: M/D HH:mm', () => {
    expect(formatMessageTime(at(7, 10), en, now)).toBe('5/7 10:00');
    expect(formatMessageTime(at(7, 10), zh, now)).toBe('5月7日 10:00');
  });
});

describe('durations', () => {
  it('in the largest whole units', () => {
    expect(formatDuration(600, translator('en'))).toBe('10 min');
    expect(formatDuration(90_000, translator('en'))).toBe('1 d 1 h');
    expect(formatDuration(45, translator('zh-CN'))).toBe('45 秒');
  });
});
