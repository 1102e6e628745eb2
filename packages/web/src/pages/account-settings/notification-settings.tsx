import { List, Switch, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import {
  disablePush,
  enablePush,
  previewHere,
  pushEnabledHere,
  pushSupported,
  updatePush,
} from '../../pwa/web-push-client';

const isOn = () => pushSupported() && pushEnabledHere() && Notification.permission === 'granted';

/**
 * The Notifications rows of /accountSettings (docs/product.md#notifications): turning them on asks
 * the browser's permission then, never before; the preview switch decides whether notifications
 * may show the sender and the words.
 */
export function NotificationSettings() {
  const { t, i18n } = useTranslation();
  const [enabled, setEnabled] = useState(isOn);
  const [preview, setPreview] = useState(previewHere);
  const [busy, setBusy] = useState(false);
  const supported = pushSupported();
  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (!on) {
        await disablePush();
        setEnabled(false);
        return;
      }
      const result = await enablePush(lang);
      if (result === 'denied') Toast.show({ content: t('notifications.denied') });
      if (result === 'unsupported') Toast.show({ content: t('notifications.unsupported') });
      setEnabled(result === 'enabled');
    } catch (error) {
      console.error('turning notifications on failed', error);
      Toast.show({ icon: 'fail', content: t('notifications.enableFailed') });
    } finally {
      setBusy(false);
    }
  };

  const changePreview = async (value: boolean) => {
    setPreview(value);
    try {
      await updatePush(lang, value);
    } catch (error) {
      console.error('changing the notification preview failed', error);
      Toast.show({ icon: 'fail', content: t('common.operationFailed') });
    }
  };

  return (
    <List header={t('notifications.settingsTitle')} style={{ marginTop: 12 }}>
      <List.Item
        description={supported ? t('notifications.enableHint') : t('notifications.unsupported')}
        extra={
          <Switch
            checked={enabled}
            loading={busy}
            disabled={!supported}
            aria-label={t('notifications.enable')}
            onChange={(on) => void toggle(on)}
          />
        }
      >
        {t('notifications.enable')}
      </List.Item>
      <List.Item
        description={t('notifications.previewHint')}
        extra={
          <Switch
            checked={preview}
            disabled={!enabled}
            aria-label={t('notifications.preview')}
            onChange={(value) => void changePreview(value)}
          />
        }
      >
        {t('notifications.preview')}
      </List.Item>
    </List>
  );
}
