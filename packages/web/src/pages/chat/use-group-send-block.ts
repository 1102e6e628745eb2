import { useCallback, useState } from 'react';
import { groupSendBlock, groupSendBlockForCode } from '@im/protocol';
import type { GroupSendBlock } from '@im/protocol';
import { isApiError } from '@im/sdk';
import type { GroupView } from '../../hooks/use-group';
import { useNow } from '../../hooks/use-now';
import { refreshGroup } from '../../stores/group-actions';

interface Refused {
  block: GroupSendBlock;
  /** The state the refusal was heard against: it holds until that state changes. */
  seen: Pick<GroupView, 'info' | 'self' | 'isMember'>;
}

/**
 * Why this group chat cannot send, if it cannot (docs/product.md#composer): from the group and the user's
 * membership in the group store (kept live by the core's events), re-read when a mute ends; and from
 * a refused send (1004, 1401-1404), which holds until the group state changes (the refusal re-reads
 * it from the server at once).
 */
export function useGroupSendBlock(groupID: string, view: GroupView) {
  const [refused, setRefused] = useState<Refused | null>(null);
  const muteEnd = view.self?.muteEndTime;
  const now = useNow(muteEnd);

  const state = groupSendBlock({ isMember: view.isMember, group: view.info, self: view.self, now });
  const heard =
    refused &&
    refused.seen.info === view.info &&
    refused.seen.self === view.self &&
    refused.seen.isMember === view.isMember
      ? refused.block
      : null;

  const onSendFailed = useCallback(
    (error: unknown) => {
      if (!groupID || !isApiError(error)) return;
      const block = groupSendBlockForCode(error.errCode);
      if (!block) return;
      setRefused({ block, seen: { info: view.info, self: view.self, isMember: view.isMember } });
      void refreshGroup(groupID);
    },
    [groupID, view.info, view.self, view.isMember],
  );

  return { block: groupID ? (state ?? heard) : null, onSendFailed };
}
