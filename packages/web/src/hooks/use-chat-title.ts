import { useEffect, useState } from 'react';
import { im } from '../sdk/im';
import { useConversation } from '../stores/conversation-store';
import type { ChatTarget } from '../router/chat-target';

/**
 * The name and face a chat shows: the conversation's, or for a one-to-one chat that is not in the
 * list (opened by userID), the peer's public profile.
 */
export function useChatTitle(target: ChatTarget): { name: string; faceURL: string } {
  const conversation = useConversation(target.conversationID);
  const [peer, setPeer] = useState<{ nickname: string; faceURL: string } | null>(null);
  const needPeer = !conversation?.showName && Boolean(target.userID);

  useEffect(() => {
    if (!needPeer) return;
    let live = true;
    im.account
      .getUsersInfo([target.userID])
      .then(([user]) => {
        if (live && user) setPeer({ nickname: user.nickname, faceURL: user.faceURL });
      })
      .catch((error: unknown) => console.error('loading the peer failed', error));
    return () => {
      live = false;
    };
  }, [needPeer, target.userID]);

  if (conversation?.showName) return { name: conversation.showName, faceURL: conversation.faceURL };
  return {
    name: peer?.nickname || target.userID || target.groupID || target.conversationID,
    faceURL: peer?.faceURL ?? '',
  };
}
