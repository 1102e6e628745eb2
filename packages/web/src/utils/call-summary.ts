import { parseCallSummary } from '@im/protocol';
import type { CallOutcome, CallSummary, MessageItem } from '@im/protocol';
import type { Translate } from '../i18n/keys';

/** mm:ss (hh:mm:ss past an hour), as the overlay's timer and the records show a duration. */
export function formatCallDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const rest = `${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return hours > 0 ? `${two(hours)}:${rest}` : rest;
}

/**
 * The line of a call's outcome (docs/product.md#call-flow): "Call duration 02:14", "Canceled",
 * "Refused", and for the invitee of a call nobody answered "Missed call" (the caller sees "No answer"
 * for a timeout).
 */
export function callOutcomeText(
  outcome: CallOutcome,
  duration: number,
  incoming: boolean,
  t: Translate,
): string {
  switch (outcome) {
    case 'success':
      return t('calls.duration', { time: formatCallDuration(duration) });
    case 'refused':
      return t('calls.refusedShort');
    case 'canceled':
      return incoming ? t('calls.missedCall') : t('calls.canceled');
    case 'timeout':
      return incoming ? t('calls.missedCall') : t('calls.timeoutShort');
  }
}

/** The call summary of a stored 300 message, or null when the message is not one. */
export function callSummaryOf(message: MessageItem): CallSummary | null {
  const data = message.customElem?.data;
  return data ? parseCallSummary(data) : null;
}

/** The summary message's text for this user: the sender is the inviter (docs/api.md). */
export function callSummaryText(message: MessageItem, selfID: string, t: Translate): string | null {
  const summary = callSummaryOf(message);
  if (!summary) return null;
  const text = callOutcomeText(summary.outcome, summary.duration, message.sendID !== selfID, t);
  return `[${t(summary.mediaType === 'video' ? 'calls.videoCall' : 'calls.voiceCall')}] ${text}`;
}
