import dayjs from 'dayjs';
import calendar from 'dayjs/plugin/calendar';
import 'dayjs/locale/zh-cn';
import type { Translate } from '../i18n/keys';

dayjs.extend(calendar);

/** Where the formats come from: the catalogue of one language, and that language's dayjs locale. */
export interface TimeLocale {
  t: Translate;
  /** i18next language ('en', 'zh-CN'). */
  language: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * 'just now' within seconds (docs/product.md#limits-and-constants); a minute is the bound (a little
 * clock skew included).
 */
const JUST_NOW_MS = 60 * 1000;

const dayjsLocale = (language: string) => (language.toLowerCase().startsWith('zh') ? 'zh-cn' : 'en');

/**
 * A conversation's time (docs/product.md#limits-and-constants): same day HH:mm; yesterday 'yesterday
 * HH:mm'; within a week the weekday; otherwise YYYY/M/D HH:mm (the Chinese catalogue has its
 * equivalents). 0 is no time.
 */
export function formatConversationTime(time: number, { t, language }: TimeLocale, now = Date.now()): string {
  if (!time) return '';
  const sameElse = t('time.sameElse');
  return dayjs(time)
    .locale(dayjsLocale(language))
    .calendar(dayjs(now), {
      sameDay: t('time.sameDay'),
      lastDay: t('time.lastDay'),
      lastWeek: t('time.lastWeek'),
      nextDay: sameElse,
      nextWeek: sameElse,
      sameElse,
    });
}

/**
 * A message's time (docs/product.md#limits-and-constants): 'just now' within seconds; under 7 days
 * old the calendar format (same day HH:mm, yesterday, weekday with time); older M/D HH:mm.
 */
export function formatMessageTime(time: number, { t, language }: TimeLocale, now = Date.now()): string {
  if (!time) return '';
  if (Math.abs(now - time) < JUST_NOW_MS) return t('time.justNow');
  const locale = dayjsLocale(language);
  if (now - time >= 7 * DAY_MS) return dayjs(time).locale(locale).format(t('time.messageOlder'));
  const older = t('time.messageOlder');
  return dayjs(time)
    .locale(locale)
    .calendar(dayjs(now), {
      sameDay: t('time.sameDay'),
      lastDay: t('time.lastDay'),
      lastWeek: t('time.messageLastWeek'),
      nextDay: older,
      nextWeek: older,
      sameElse: older,
    });
}

/** A mute length in the largest whole units: "1 d 2 h", "30 min". */
export function formatDuration(seconds: number, t: Translate): string {
  const parts: string[] = [];
  let left = Math.max(0, Math.floor(seconds));
  const units = [
    ['time.days', 86400],
    ['time.hours', 3600],
    ['time.minutes', 60],
  ] as const;
  for (const [key, size] of units) {
    const count = Math.floor(left / size);
    if (count > 0) parts.push(t(key, { count }));
    left -= count * size;
  }
  if (left > 0 || parts.length === 0) parts.push(t('time.seconds', { count: left }));
  return parts.join(' ');
}
