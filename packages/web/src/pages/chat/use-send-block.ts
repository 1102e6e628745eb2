import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@im/sdk';
import { im } from '../../sdk/im';
import { afterNextPaint } from '../../utils/after-next-paint';
import { useContactStore } from '../../stores/contact-store';
import { sendBlockForCode, sendBlockForRelation } from '../../utils/send-block';
import type { SendBlock } from '../../utils/send-block';
import type { ChatTarget } from '../../router/chat-target';

/**
 * Why this one-to-one chat cannot send, if it cannot (docs/product.md#composer). Checked with the server
 * (checkFriend) when the chat is shown and whenever this user's friends or blacklist change; a send
 * refused with 1301/1302/1306 blocks too. Being blocked by the peer (1302) is learnt only from a
 * refused send: that block lasts while the chat stays shown, and the next showing checks again.
 */
export function useSendBlock(target: ChatTarget, selfID: string, active: boolean) {
  const peer = target.userID;
  const single = Boolean(peer) && peer !== selfID;
  const [checked, setChecked] = useState<SendBlock | null>(null);
  const [refused, setRefused] = useState<SendBlock | null>(null);
  const isFriend = useContactStore((s) => s.friendList.some((f) => f.userID === peer));
  const isBlack = useContactStore((s) => s.blackList.some((b) => b.userID === peer));

  useEffect(() => {
    if (!single || !active) return undefined;
    let live = true;
    // Asked once the chat has painted: a send needs the answer, its first frame does not.
    const cancel = afterNextPaint(() => {
      im.contacts
        .checkFriend(peer)
        .then((relation) => {
          if (!live) return;
          setChecked(sendBlockForRelation(relation));
          setRefused(null); // a fresh answer replaces what an earlier refused send said
        })
        .catch((error: unknown) => console.warn('checking the friendship failed', error));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [single, active, peer, isFriend, isBlack]);

  const onSendFailed = useCallback((error: unknown) => {
    if (!isApiError(error)) return;
    const block = sendBlockForCode(error.errCode);
    if (block) setRefused(block);
  }, []);

  return { block: single ? (refused ?? checked) : null, onSendFailed };
}
