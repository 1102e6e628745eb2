import { ContentType, isNotification } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import type { TranslationKey } from '../i18n/keys';
import { isCallSignalMessage } from '@im/sdk';
import { callSummaryText } from './call-summary';
import { parseNotificationDetail } from './notification-detail';
import { summarizeNotification } from './notification-summary';
import type { SummaryContext } from './notification-summary';

export type { SummaryContext } from './notification-summary';

/** Content types shown by a fixed label (docs/product.md#limits-and-constants). */
const labels: Record<number, TranslationKey> = {
  [ContentType.Picture]: 'summary.picture',
  [ContentType.Voice]: 'summary.voice',
  [ContentType.Video]: 'summary.video',
  [ContentType.Merge]: 'summary.merge',
  [ContentType.Face]: 'summary.face',
  [ContentType.Typing]: 'summary.typing',
};

/** The at-text with each @userID shown as @name (the group nickname when known). */
function atText(message: MessageItem): string {
  const elem = message.atTextElem;
  if (!elem) return '';
  let text = elem.text;
  for (const user of elem.atUsersInfo ?? []) {
    if (user.groupNickname) text = text.split(`@${user.atUserID}`).join(`@${user.groupNickname}`);
  }
  return text;
}

/** The location's name: its description is JSON with a name, or plain text. */
function locationName(description: string | undefined): string {
  const parsed = parseNotificationDetail(description) as { name?: unknown };
  if (typeof parsed.name === 'string') return parsed.name;
  return description && !description.trim().startsWith('{') ? description : '';
}

/**
 * One line saying what a message is, for the conversation list and notice lines: text shows its
 * content, other content types their fixed label, notifications their sentence.
 */
export function summarizeMessage(message: MessageItem | null | undefined, ctx: SummaryContext): string {
  if (!message) return '';
  const { t } = ctx;
  const type = message.contentType;
  if (isNotification(type)) return summarizeNotification(message, ctx);
  // A burn-after-reading message never shows its content outside its bubble, burned or not.
  if (message.burnDuration) return t('burn.summary');
  if (labels[type]) return t(labels[type]);
  switch (type) {
    case ContentType.Text:
      return message.textElem?.content ?? '';
    case ContentType.AtText:
      return atText(message);
    case ContentType.Quote:
      return message.quoteElem?.text ?? '';
    case ContentType.File:
      return t('summary.file', { name: message.fileElem?.fileName ?? '' }).trim();
    case ContentType.Location:
      return t('summary.location', { name: locationName(message.locationElem?.description) }).trim();
    case ContentType.Card:
      return t('summary.card', { name: message.cardElem?.nickname ?? '' }).trim();
    case ContentType.Custom:
      if (isCallSignalMessage(message)) return t('summary.call');
      // The stored call summary (customType 300): "Call duration 02:14", "Missed call"…
      return callSummaryText(message, ctx.selfID, t) ?? t('summary.custom');
    default:
      return t('summary.unsupported');
  }
}
