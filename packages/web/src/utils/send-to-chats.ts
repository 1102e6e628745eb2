import { Toast } from 'antd-mobile';
import type { MessageItem } from '@im/protocol';
import { i18n } from '../i18n';
import { im } from '../sdk/im';
import { showActionError } from './failure-toast';
import type { ChatChoice } from '../components/chat-picker';

/** Where a message goes: a user or a group (the same shape the chat's target has). */
export interface SendPlace {
  userID?: string;
  groupID?: string;
}

/** Sends one message; the sdk shows it Sending in that chat's timeline from the call on. */
export function sendTo(place: SendPlace, message: MessageItem): Promise<MessageItem> {
  return im.messages.sendMessage({ recvID: place.userID ?? '', groupID: place.groupID, message });
}

/**
 * Sends to each chosen chat the messages `make` builds for it (fresh ones per chat: each has its
 * own clientMsgID), in order, one after another; a toast says when all went or why one failed.
 */
export async function sendToChats(choices: ChatChoice[], make: () => MessageItem[]): Promise<void> {
  try {
    for (const choice of choices) {
      for (const message of make()) await sendTo(choice, message);
    }
    Toast.show({ icon: 'success', content: i18n.t('rich.sent') });
  } catch (error) {
    showActionError(error, 'forward failed');
  }
}
