import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { im } from '../../sdk/im';
import { showUploadError } from '../../utils/failure-toast';

/**
 * "Upload debug log" in About (docs/product.md#routes, docs/sdk.md#debug-log): after a confirmation,
 * the recent log lines of this device (no messages, tokens or passwords) go to the server for the
 * operator; a toast says whether they arrived ("Upload failed" with the reason when not).
 */
export function UploadDebugLog() {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (im.debugLog.lines().length === 0) {
      Toast.show({ content: t('debugLog.empty') });
      return;
    }
    setSending(true);
    try {
      await im.debugLog.upload({ appVersion: __APP_VERSION__, userAgent: navigator.userAgent });
      Toast.show({ icon: 'success', content: t('debugLog.sent') });
    } catch (error) {
      showUploadError(error, 'uploading the debug log failed');
    } finally {
      setSending(false);
    }
  };

  const confirm = () =>
    Dialog.confirm({
      content: t('debugLog.confirm'),
      confirmText: t('debugLog.send'),
      cancelText: t('common.cancel'),
      onConfirm: send,
    });

  return (
    <>
      <Button block loading={sending} onClick={() => void confirm()}>
        {t('debugLog.upload')}
      </Button>
      <p className="hint">{t('debugLog.hint')}</p>
    </>
  );
}
