import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { useSelfID } from '../../hooks/use-self-id';
import { parseChatTarget } from '../../router/chat-target';
import { ChatScreen } from './chat-screen';

export { warmChatCode } from './chat-warmup';

/**
 * /chat?conversationID=… | ?userID=… | ?groupID=… (see chat-target.ts and the README). Another
 * conversation is another screen (keyed), so nothing of one chat leaks into the next.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const selfID = useSelfID();
  const target = parseChatTarget(query, selfID);
  if (!target) {
    return (
      <Page title={t('pages.chat')}>
        <EmptyState text={t('empty.messages')} />
      </Page>
    );
  }
  // A search result opens the chat at its message (paths.chat's `seq`).
  const seq = Number(query.get('seq'));
  const focusSeq = Number.isSafeInteger(seq) && seq > 0 ? seq : undefined;
  return <ChatScreen key={target.conversationID} target={target} focusSeq={focusSeq} />;
}
