import { useEffect, useRef, useState } from 'react';
import { im } from '../../sdk/im';

/**
 * The composer's text, kept as the conversation's draft (setConversation draftText) when the chat is
 * left (hidden or closed), so the list shows it; it starts from the draft saved before.
 */
export function useDraft(conversationID: string, savedDraft: string | undefined, active: boolean) {
  const [text, setText] = useState(savedDraft ?? '');
  const [touched, setTouched] = useState(false);
  const saved = useRef(savedDraft ?? '');
  const latest = useRef(text);
  useEffect(() => {
    latest.current = text;
  }, [text]);

  // The conversation loaded after the chat opened: its draft fills a composer not yet typed in.
  if (!touched && savedDraft !== undefined && savedDraft !== text) setText(savedDraft);
  useEffect(() => {
    if (savedDraft !== undefined && !touched) saved.current = savedDraft;
  }, [savedDraft, touched]);

  useEffect(() => {
    if (active) return;
    const save = () => {
      if (latest.current === saved.current) return;
      saved.current = latest.current;
      im.conversations
        .setConversation({ conversationID, draftText: latest.current })
        .catch((error: unknown) => console.warn('saving the draft failed', error));
    };
    save();
    return undefined;
  }, [active, conversationID]);

  // Closing the chat (another conversation, logout) saves too.
  useEffect(
    () => () => {
      if (latest.current === saved.current) return;
      im.conversations
        .setConversation({ conversationID, draftText: latest.current })
        .catch((error: unknown) => console.warn('saving the draft failed', error));
    },
    [conversationID],
  );

  const change = (value: string) => {
    setTouched(true);
    setText(value);
  };
  return [text, change] as const;
}
