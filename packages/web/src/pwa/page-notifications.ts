import { mayNotify, NOTIFIED_CONTENT_TYPES, RecvMsgOpt, SessionType } from '@im/protocol';
import type { MessageItem, PushPayload } from '@im/protocol';
import { i18n } from '../i18n';
import { im } from '../sdk/im';
import { useConversationStore } from '../stores/conversation-store';
import { useUserStore } from '../stores/user-store';
import { notificationText } from './notification-text';
import type { NotificationTranslate } from './notification-text';
import { previewHere, pushEnabledHere } from './web-push-client';

/** Whether this user's options let the message notify (the same rule as the server's pushes). */
function allowed(message: MessageItem, selfID: string): boolean {
  const conversation = useConversationStore
    .getState()
    .conversationList.find((c) => c.conversationID === message.conversationID);
  return mayNotify({
    globalRecvMsgOpt: useUserStore.getState().selfInfo?.globalRecvMsgOpt ?? RecvMsgOpt.Normal,
    recvMsgOpt: conversation?.recvMsgOpt ?? RecvMsgOpt.Normal,
    mentioned: message.atTextElem?.atUserList.includes(selfID) ?? false,
  });
}

function payloadOf(message: MessageItem, selfID: string): PushPayload {
  const preview = previewHere();
  const text = message.burnDuration
    ? undefined
    : (message.textElem?.content ?? message.atTextElem?.text ?? message.quoteElem?.text);
  const mentioned = message.atTextElem?.atUserList.includes(selfID) ?? false;
  const group = message.sessionType === SessionType.Group;
  const name = group
    ? useConversationStore
        .getState()
        .conversationList.find((c) => c.conversationID === message.conversationID)?.showName
    : undefined;
  return {
    v: 1,
    kind: mentioned ? 'mention' : 'message',
    lang: i18n.language === 'en' ? 'en' : 'zh-CN',
    tag: `c:${message.conversationID}`,
    url: `/chat?conversationID=${encodeURIComponent(message.conversationID)}`,
    contentType: message.contentType,
    ...(preview ? { senderName: message.senderNickname, groupName: name, text } : {}),
  };
}

/**
 * While the tab is open but hidden, messages arrive over its socket (the server sends no push to
 * a session with a socket), so the page shows the notification itself, as the worker would
 * (docs/decisions.md#web-push). Only when the user turned notifications on for this device.
 */
export function bindPageNotifications(): void {
  im.on('recvNewMessages', (messages) => {
    if (document.visibilityState !== 'hidden' || !pushEnabledHere()) return;
    if (!('Notification' in window) || Notification.permission !== 'granted') return;
    const selfID = useUserStore.getState().selfInfo?.userID ?? '';
    const t: NotificationTranslate = (key, values) => i18n.t(key, values);
    for (const message of messages) {
      if (
        message.sendID === selfID ||
        !NOTIFIED_CONTENT_TYPES.has(message.contentType) ||
        !allowed(message, selfID)
      )
        continue;
      const payload = payloadOf(message, selfID);
      const { title, body } = notificationText(payload, t);
      void navigator.serviceWorker
        ?.getRegistration()
        .then((reg) =>
          reg?.showNotification(title, {
            body,
            tag: payload.tag,
            icon: '/icon-192.png',
            data: { url: payload.url },
          }),
        )
        .catch((error: unknown) => console.error('notification failed', error));
    }
  });
}
