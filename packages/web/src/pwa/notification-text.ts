import { ContentType } from '@im/protocol';
import type { PushPayload } from '@im/protocol';
import type { TranslationKey } from '../i18n/keys';

/** A translate function: the page's i18next `t`, or the worker's lookup in the same catalogues. */
export type NotificationTranslate = (key: TranslationKey, values?: Record<string, string>) => string;

/** The fixed label of a message type, as the conversation list shows it. */
const typeLabels: Record<number, TranslationKey> = {
  [ContentType.Picture]: 'summary.picture',
  [ContentType.Voice]: 'summary.voice',
  [ContentType.Video]: 'summary.video',
  [ContentType.File]: 'summary.file',
  [ContentType.Location]: 'summary.location',
  [ContentType.Card]: 'summary.card',
  [ContentType.Merge]: 'summary.merge',
  [ContentType.Face]: 'summary.face',
};

function messageBody(payload: PushPayload, t: NotificationTranslate): string {
  const label = payload.contentType !== undefined ? typeLabels[payload.contentType] : undefined;
  const text = payload.text ?? (label ? t(label, { name: '' }).trim() : t('notifications.newMessageBody'));
  return payload.kind === 'mention' ? t('notifications.mentioned', { text }) : text;
}

/**
 * The title and body of a notification (docs/product.md#notifications), the same whether the
 * service worker shows it for a push or the page shows it while hidden. Without a sender (the device
 * chose no preview) it says only what kind of thing happened.
 */
export function notificationText(
  payload: PushPayload,
  t: NotificationTranslate,
): { title: string; body: string } {
  const name = payload.senderName;
  switch (payload.kind) {
    case 'friendApplication':
      return {
        title: t('notifications.friendApplicationTitle'),
        body: name
          ? t('notifications.friendApplication', { name })
          : t('notifications.friendApplicationHidden'),
      };
    case 'groupApplication':
      return {
        title: t('notifications.groupApplicationTitle'),
        body:
          name && payload.groupName
            ? t('notifications.groupApplication', { name, group: payload.groupName })
            : t('notifications.groupApplicationHidden'),
      };
    case 'call':
      return {
        title: t(payload.mediaType === 'video' ? 'notifications.videoCall' : 'notifications.voiceCall'),
        body: name ? t('notifications.callFrom', { name }) : t('notifications.callHidden'),
      };
    default:
      if (!name) return { title: t('notifications.newMessage'), body: t('notifications.newMessageBody') };
      return {
        title: payload.groupName
          ? t('notifications.inGroup', { sender: name, group: payload.groupName })
          : name,
        body: messageBody(payload, t),
      };
  }
}
