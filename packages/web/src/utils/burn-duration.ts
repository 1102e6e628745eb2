import { BURN_DURATIONS_S, elemKeyFor } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import type { Translate } from '../i18n/keys';

export type BurnDuration = (typeof BURN_DURATIONS_S)[number];

export function isBurnDuration(value: number | undefined): value is BurnDuration {
  return (BURN_DURATIONS_S as readonly number[]).includes(value ?? -1);
}

/**
 * A burn-after-reading duration as words: short for the settings ("5 min"), long for the notice
 * ("5 minutes"); '' for a value not offered.
 */
export function burnDurationLabel(
  seconds: number | undefined,
  t: Translate,
  style: 'short' | 'long',
): string {
  if (!isBurnDuration(seconds)) return '';
  return style === 'short' ? t(`burn.d${seconds}`) : t(`burn.durationLong${seconds}`);
}

/** What is left of a countdown as the bubble shows it: "0:27", "4:59", "23:59:59". */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * A burn-after-reading message that is gone or going: burned on the server (it came back without
 * content) or past its burn time on this clock. The chat drops it at once; the 2162 notice then
 * deletes it from the device for good.
 */
export function isBurnedAt(message: MessageItem, now: number): boolean {
  if (!message.burnDuration) return false;
  const key = elemKeyFor(message.contentType);
  if (key && !message[key]) return true;
  return Boolean(message.burnAt && message.burnAt <= now);
}
