import { useCallback, useMemo, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { isNotification } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { im } from '../../sdk/im';
import { useUserStore } from '../../stores/user-store';
import { summarizeMessage } from '../../utils/message-summary';
import { showActionError } from '../../utils/failure-toast';
import type { ChatTarget } from '../../router/chat-target';
import type { RowState } from './message-bodies/chat-view-context';
import type { ChatChoice } from '../../components/chat-picker';
import type { Place } from './location-sheet';
import { sendTo, sendToChats } from '../../utils/send-to-chats';

/** Only messages the server stores can be quoted or forwarded (the sdk copies stored ones). */
/** Stored user messages, never a burn-after-reading one (no copy may outlive it). */
export const canForward = (message: MessageItem) =>
  message.seq > 0 && !isNotification(message.contentType) && !message.burnDuration;

/** What is waiting for the chat picker: one message or a selection, forwarded as is or merged. */
type Pending = { kind: 'oneByOne'; messages: MessageItem[] } | { kind: 'merged'; messages: MessageItem[] };

/**
 * The rich-message flows of one chat: reply (the quoted message above the composer), forward and
 * multi-select (then one by one or merged, to chats from the picker), card share, location and
 * stickers into this chat.
 */
export function useRichChat(
  target: ChatTarget,
  selfID: string,
  chatName: string,
  messages: readonly MessageItem[],
) {
  const { t } = useTranslation();
  const selfName = useUserStore((s) => s.selfInfo?.nickname || selfID);
  const [replyTo, setReplyTo] = useState<MessageItem | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const [highlightID, setHighlightID] = useState<string | null>(null);
  const here = useMemo(
    () => ({ userID: target.userID, groupID: target.groupID }),
    [target.userID, target.groupID],
  );

  const toggle = useCallback(
    (clientMsgID: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(clientMsgID)) next.delete(clientMsgID);
        else next.add(clientMsgID);
        return next;
      }),
    [],
  );
  const startSelect = useCallback((first: MessageItem) => {
    setSelecting(true);
    setSelected(new Set(canForward(first) ? [first.clientMsgID] : []));
  }, []);
  const cancelSelect = useCallback(() => {
    setSelecting(false);
    setSelected(new Set());
  }, []);
  const rowState: RowState = useMemo(
    () => ({ selecting, selected, toggle, highlightID }),
    [selecting, selected, toggle, highlightID],
  );

  /** The selection in the chat's order, without what cannot be forwarded. */
  const picked = () => messages.filter((m) => selected.has(m.clientMsgID) && canForward(m));
  const forwardSelection = (kind: Pending['kind']) => {
    const chosen = picked();
    if (chosen.length === 0) {
      Toast.show({ content: t('rich.nothingSelected') });
      return;
    }
    setPending({ kind, messages: chosen });
  };

  const mergeTitle = target.groupID
    ? t('rich.mergeTitleGroup', { group: chatName })
    : t('rich.mergeTitleSingle', { a: selfName, b: chatName });
  const summarize = (m: MessageItem) => summarizeMessage(m, { selfID, t });

  const forwardTo = (choices: ChatChoice[]) => {
    const job = pending;
    setPending(null);
    if (!job) return;
    cancelSelect();
    const make =
      job.kind === 'merged'
        ? () => [im.messages.createMergerMessage(job.messages, mergeTitle, summarize)]
        : () => job.messages.map((m) => im.messages.createForwardMessage(m));
    void sendToChats(choices, make);
  };

  const sendHere = (make: () => MessageItem) => {
    let message: MessageItem;
    try {
      message = make();
    } catch (error) {
      showActionError(error, 'message not made');
      return;
    }
    sendTo(here, message).catch((error: unknown) => showActionError(error, 'send failed'));
  };

  return {
    replyTo,
    reply: setReplyTo,
    cancelReply: () => setReplyTo(null),
    /** The composer's text as a reply to `replyTo` (114). */
    sendReply: (text: string) => {
      const quoted = replyTo;
      setReplyTo(null);
      if (quoted) sendHere(() => im.messages.createQuoteMessage(text, quoted));
    },
    rowState,
    selecting,
    selectedCount: selected.size,
    startSelect,
    cancelSelect,
    forwardOne: (message: MessageItem) => setPending({ kind: 'oneByOne', messages: [message] }),
    forwardOneByOne: () => forwardSelection('oneByOne'),
    forwardMerged: () => forwardSelection('merged'),
    picking: pending !== null,
    forwardTo,
    cancelForward: () => setPending(null),
    highlight: setHighlightID,
    shareCard: (choice: ChatChoice) =>
      choice.userID &&
      sendHere(() =>
        im.messages.createCardMessage({
          userID: choice.userID!,
          nickname: choice.name,
          faceURL: choice.faceURL,
        }),
      ),
    sendLocation: (place: Place) => sendHere(() => im.messages.createLocationMessage(place)),
    sendSticker: (data: string, index: number) =>
      sendHere(() => im.messages.createFaceMessage({ index, data })),
  };
}
