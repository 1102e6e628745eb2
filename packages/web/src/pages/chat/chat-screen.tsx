import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { VirtuosoHandle } from 'react-virtuoso';
import { MoreOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { CallButtons } from '../../call/call-buttons';
import { NavHeader } from '../../components/nav-header';
import { usePageActive } from '../../router/page-activity';
import { im } from '../../sdk/im';
import { useSelfID } from '../../hooks/use-self-id';
import { useConversation } from '../../stores/conversation-store';
import { sendBlockPlaceholder } from '../../utils/send-block';
import { afterNextPaint } from '../../utils/after-next-paint';
import type { ChatTarget } from '../../router/chat-target';
import { Composer } from './composer';
import { useGroupChat } from './use-group-chat';
import { MessageList } from './message-list';
import { MessageMenu } from './message-menu';
import { useChatMessages } from './use-chat-messages';
import { useChatTitle } from '../../hooks/use-chat-title';
import { useDraft } from './use-draft';
import { useMessageMenu } from './use-message-menu';
import { useSendBlock } from './use-send-block';
import { useSendMedia } from './use-send-media';
import { useSendMessage } from './use-send-message';
import { usePeerTyping, useTypingNotifier } from './use-typing';
import styles from './chat-page.module.css';
import { paths } from '../../router/paths';
import { ChatViewContext, RowStateContext } from './message-bodies/chat-view-context';
import { RichChatParts } from './rich-chat-parts';
import { ReplyBar } from './reply-bar';
import { SelectionBar } from './selection-bar';
import { useRichChat } from './use-rich-chat';
import { FocusedMessageContext, useFocusedMessage } from './use-focused-message';
import { useReadState } from './read-mark';
import { useUnburned } from './use-unburned';
import { ChangesContext } from './changes/changes-context';
import { EditBar } from './changes/edit-bar';
import { ReactorsSheet } from './changes/reactors-sheet';
import { editableText, useMessageChanges } from './changes/use-message-changes';

/**
 * One open conversation: header (name, typing, settings), the history and the composer. A group chat
 * adds its member count, the group settings, members' cards from their avatars, the @ picker and the
 * group's reasons not to send (use-group-chat.ts).
 */
export function ChatScreen({ target, focusSeq }: { target: ChatTarget; focusSeq?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const active = usePageActive();
  const selfID = useSelfID();
  const conversation = useConversation(target.conversationID);
  const title = useChatTitle(target);
  const list = useRef<VirtuosoHandle>(null);

  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);

  const markRead = useCallback(() => {
    im.messages
      .markConversationMessageAsRead(target.conversationID)
      .catch((error: unknown) => console.warn('mark as read failed', error));
  }, [target.conversationID]);

  // Read on open, on coming back to a kept chat or to the page, on each message from others while
  // open and seen, and after each sync while open: a chat opened as the app starts (from a
  // notification, a reload) paints before the socket is up, and that first read could not be sent.
  // An unknown conversation (opened by userID) counts as unread.
  const unread = useRef(0);
  useEffect(() => {
    unread.current = conversation?.unreadCount ?? 1;
  }, [conversation?.unreadCount]);
  useEffect(() => {
    if (!active) return undefined;
    const check = () => {
      if (document.visibilityState === 'visible' && unread.current > 0) markRead();
    };
    // On open once the chat has painted: its request and the list's update wait for the messages.
    let cancel = afterNextPaint(check);
    // After a sync, once the list's rows it brought have rendered.
    const offSync = im.on('syncFinish', () => {
      cancel();
      cancel = afterNextPaint(check);
    });
    document.addEventListener('visibilitychange', check);
    return () => {
      cancel();
      offSync();
      document.removeEventListener('visibilitychange', check);
    };
  }, [active, markRead]);
  const onIncoming = useCallback(() => {
    if (activeRef.current && document.visibilityState === 'visible') markRead();
  }, [markRead]);

  const history = useChatMessages(target.conversationID, onIncoming, focusSeq);
  const shown = useUnburned(history.messages);
  useReadState(target.conversationID, active);
  const sendBlock = useSendBlock(target, selfID, active);
  const group = useGroupChat(target.groupID, title.name);
  const singleSendFailed = sendBlock.onSendFailed;
  const groupSendFailed = group.onSendFailed;
  const onSendFailed = useCallback(
    (error: unknown) => {
      singleSendFailed(error);
      groupSendFailed(error);
    },
    [singleSendFailed, groupSendFailed],
  );
  const { sendText, resend } = useSendMessage(target, onSendFailed);
  const media = useSendMedia(target, onSendFailed);
  const rich = useRichChat(target, selfID, title.name, history.messages);
  const { reply, forwardOne, startSelect, highlight } = rich;
  const richMenu = useMemo(
    () => ({ reply, forward: forwardOne, multiSelect: startSelect }),
    [reply, forwardOne, startSelect],
  );
  const changes = useMessageChanges(selfID, history.messages);
  const menu = useMessageMenu(selfID, richMenu, changes, group.mayRevoke);
  const [richPanel, setRichPanel] = useState<'card' | 'location' | null>(null);
  const messagesRef = useRef(history.messages);
  useEffect(() => {
    messagesRef.current = history.messages;
  }, [history.messages]);
  // A quote's original: looked up among the loaded messages, scrolled to and flashed.
  const chatView = useMemo(
    () => ({
      find: (id: string) => history.messages.find((m) => m.clientMsgID === id),
      scrollTo: (id: string) => {
        const index = messagesRef.current.findIndex((m) => m.clientMsgID === id);
        if (index < 0) return;
        list.current?.scrollToIndex({ index, align: 'center', behavior: 'smooth' });
        highlight(id);
        setTimeout(() => highlight(null), 2000);
      },
    }),
    [history.messages, highlight],
  );
  const focus = useFocusedMessage(history, focusSeq, highlight);
  const [draft, setDraft] = useDraft(target.conversationID, conversation?.draftText, active);
  const peerTyping = usePeerTyping(target.userID, selfID);
  const notifyTyping = useTypingNotifier(target.userID);
  const canSend = Boolean(target.userID || target.groupID);

  const block = sendBlock.block ?? group.block;
  const send = (text: string, mentions: Parameters<typeof sendText>[1]) => {
    // Opened at an older message: the chat goes back to the newest, where the sent message shows.
    if (history.hasNewer)
      void navigate(paths.chat({ conversationID: target.conversationID }), { replace: true });
    if (rich.replyTo) rich.sendReply(text);
    else sendText(text, mentions);
    requestAnimationFrame(() => list.current?.scrollToIndex({ index: 'LAST', behavior: 'smooth' }));
  };

  const settings = target.userID
    ? paths.singleSetting({ conversationID: target.conversationID })
    : target.groupID
      ? paths.groupSetting({ groupID: target.groupID })
      : null;
  return (
    <div className="page">
      <NavHeader
        title={group.title ?? title.name}
        subtitle={
          <p className={styles.typing} role="status">
            {peerTyping ? t('chat.typing') : ''}
          </p>
        }
        right={
          settings && (
            <>
              {target.userID && (
                <CallButtons peer={{ userID: target.userID, nickname: title.name, faceURL: title.faceURL }} />
              )}
              <button
                type="button"
                className="text-button"
                aria-label={t(target.groupID ? 'chat.groupSettings' : 'chat.settings')}
                onClick={() => void navigate(settings)}
              >
                <MoreOutline fontSize={22} aria-hidden="true" />
              </button>
            </>
          )
        }
      />
      <main className={styles.body}>
        <ChatViewContext value={chatView}>
          <RowStateContext value={rich.rowState}>
            <FocusedMessageContext value={focus.focusedID}>
              <ChangesContext value={changes.actions}>
                {history.ready && (
                  <MessageList
                    ref={list}
                    messages={shown}
                    firstItemIndex={history.firstItemIndex}
                    hasMore={history.hasMore}
                    loading={history.loading}
                    selfID={selfID}
                    isGroup={Boolean(target.groupID)}
                    onStartReached={() => void history.loadOlder()}
                    hasNewer={history.hasNewer}
                    onEndReached={() => void history.loadNewer()}
                    initialIndex={focus.initialIndex}
                    onMenu={menu.open}
                    onResend={resend}
                    onAvatar={target.groupID ? group.openCard : undefined}
                  />
                )}
              </ChangesContext>
            </FocusedMessageContext>
          </RowStateContext>
        </ChatViewContext>
        {rich.selecting && (
          <SelectionBar
            count={rich.selectedCount}
            onOneByOne={rich.forwardOneByOne}
            onMerged={rich.forwardMerged}
            onCancel={rich.cancelSelect}
          />
        )}
        {canSend && !rich.selecting && (
          <Composer
            value={changes.editing ? changes.text : draft}
            onChange={changes.editing ? changes.setText : setDraft}
            onSend={changes.editing ? changes.submitEdit : send}
            onTyping={notifyTyping}
            blockedText={block ? t(sendBlockPlaceholder[block]) : undefined}
            atSource={group.atSource}
            media={changes.editing ? undefined : media}
            top={
              changes.editing ? (
                <EditBar original={editableText(changes.editing)} onCancel={changes.cancelEdit} />
              ) : (
                rich.replyTo && <ReplyBar message={rich.replyTo} selfID={selfID} onClose={rich.cancelReply} />
              )
            }
            onSticker={(id, index) => {
              rich.sendSticker(id, index);
              requestAnimationFrame(() => list.current?.scrollToIndex({ index: 'LAST', behavior: 'smooth' }));
            }}
            plusPanel={(close) => (
              <RichChatParts.Plus
                onShareCard={() => {
                  close();
                  setRichPanel('card');
                }}
                onLocation={() => {
                  close();
                  setRichPanel('location');
                }}
              />
            )}
          />
        )}
      </main>
      <RichChatParts.Sheets rich={rich} panel={richPanel} onClose={() => setRichPanel(null)} />
      <MessageMenu
        actions={menu.actions}
        reactions={menu.reactions}
        onAction={menu.run}
        onClose={menu.close}
      />
      <ReactorsSheet
        message={changes.reactorsOf}
        selfID={selfID}
        onTakeBack={changes.toggleReaction}
        onClose={changes.closeReactors}
      />
    </div>
  );
}
