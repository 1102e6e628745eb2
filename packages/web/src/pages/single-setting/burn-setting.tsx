import { useState } from 'react';
import { List, Switch, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { BURN_DURATIONS_S } from '@im/protocol';
import { ActionMenu } from '../../components/action-menu';
import { im } from '../../sdk/im';
import { useConversation } from '../../stores/conversation-store';
import { burnDurationLabel, isBurnDuration } from '../../utils/burn-duration';

const DEFAULT_DURATION = BURN_DURATIONS_S[0];

/**
 * Burn-after-reading of a one-to-one chat (docs/product.md#burn-after-reading): a switch, and while
 * it is on, the burn time (30 s, 5 min, 1 h, 1 day). Both users share it; a change shows at once,
 * is undone on failure, and the 1701 notice in the chat tells both.
 */
export function BurnSetting({ conversationID }: { conversationID: string }) {
  const { t } = useTranslation();
  const conversation = useConversation(conversationID);
  const [pending, setPending] = useState<{ on: boolean; duration: number } | null>(null);
  const [choosing, setChoosing] = useState(false);
  const on = pending?.on ?? conversation?.isPrivateChat ?? false;
  const stored = conversation?.burnDuration;
  const duration = pending?.duration ?? (isBurnDuration(stored) ? stored : DEFAULT_DURATION);

  const change = async (next: { on: boolean; duration: number }) => {
    setPending(next);
    try {
      await im.conversations.setBurnAfterReading({
        conversationID,
        isPrivateChat: next.on,
        burnDuration: next.duration,
      });
    } catch (error) {
      console.error('burn-after-reading change failed', error);
      Toast.show({ icon: 'fail', content: t('burn.changeFailed') });
    } finally {
      setPending(null);
    }
  };

  return (
    <List>
      <List.Item
        extra={
          <Switch
            checked={on}
            aria-label={t('burn.setting')}
            onChange={(value) => void change({ on: value, duration })}
          />
        }
      >
        {t('burn.setting')}
      </List.Item>
      {on && (
        <List.Item extra={burnDurationLabel(duration, t, 'short')} onClick={() => setChoosing(true)}>
          {t('burn.duration')}
        </List.Item>
      )}
      <ActionMenu
        title={t('burn.chooseDuration')}
        items={
          choosing
            ? BURN_DURATIONS_S.map((seconds) => ({
                key: String(seconds),
                label: burnDurationLabel(seconds, t, 'short'),
              }))
            : null
        }
        onPick={(key) => void change({ on: true, duration: Number(key) })}
        onClose={() => setChoosing(false)}
      />
    </List>
  );
}
