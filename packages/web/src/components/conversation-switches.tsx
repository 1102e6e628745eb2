import { List, Switch } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';

interface Props {
  pinned: boolean;
  muted: boolean;
  setPinned: (value: boolean) => void;
  setMuted: (value: boolean) => void;
}

/** The "Pin chat" and "Do not disturb" rows of a chat's settings (switches named by their rows). */
export function ConversationSwitches({ pinned, muted, setPinned, setMuted }: Props) {
  const { t } = useTranslation();
  return (
    <List>
      <List.Item extra={<Switch checked={pinned} aria-label={t('singleSetting.pin')} onChange={setPinned} />}>
        {t('singleSetting.pin')}
      </List.Item>
      <List.Item
        extra={<Switch checked={muted} aria-label={t('singleSetting.doNotDisturb')} onChange={setMuted} />}
      >
        {t('singleSetting.doNotDisturb')}
      </List.Item>
    </List>
  );
}
