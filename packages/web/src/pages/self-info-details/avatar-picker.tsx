import { useEffect, useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { Button, List, Popup, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../../components/avatar';
import { im } from '../../sdk/im';
import { showUploadError } from '../../utils/failure-toast';
import { squareImage } from '../../utils/square-image';
import styles from './self-info-details.module.css';

interface Props {
  name: string;
  faceURL: string | undefined;
}

/**
 * The avatar row: tapping it picks a picture (<input type=file accept=image/*>, named "Change
 * avatar"); the picture is cropped to its centre square, shown as it will look, and uploaded through
 * the core only once confirmed.
 */
export function AvatarPicker({ name, faceURL }: Props) {
  const { t } = useTranslation();
  const inputID = useId();
  const [picked, setPicked] = useState<{ blob: Blob; url: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      const blob = await squareImage(file);
      setPicked({ blob, url: URL.createObjectURL(blob) });
    } catch (error) {
      console.error('reading the picture failed', error);
      Toast.show({ icon: 'fail', content: t('selfInfo.notImage') });
    }
  };

  const save = async () => {
    if (!picked) return;
    setSaving(true);
    try {
      await im.account.setSelfAvatar(picked.blob); // announces selfInfoUpdated, which refreshes the store
      Toast.show({ icon: 'success', content: t('selfInfo.avatarSaved') });
      setPicked(null);
    } catch (error) {
      showUploadError(error, 'uploading the avatar failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <List.Item className="stretched-item" extra={<Avatar name={name} src={faceURL} size={40} />} arrow>
        <label htmlFor={inputID} className="stretched-link">
          {t('profile.avatar')}
        </label>
        <input
          id={inputID}
          type="file"
          accept="image/*"
          className="visually-hidden"
          aria-label={t('selfInfo.changeAvatar')}
          onChange={(event) => void onFile(event)}
        />
      </List.Item>
      <Popup
        visible={picked !== null}
        onMaskClick={() => !saving && setPicked(null)}
        bodyStyle={{ borderRadius: '12px 12px 0 0' }}
      >
        <div role="dialog" aria-label={t('selfInfo.avatarPreview')} className={styles.preview}>
          <h2 className={styles.previewTitle}>{t('selfInfo.avatarPreview')}</h2>
          {picked && (
            <img className={styles.previewImage} src={picked.url} alt={t('selfInfo.avatarPreview')} />
          )}
          <div className={styles.previewActions}>
            <Button block fill="outline" disabled={saving} onClick={() => setPicked(null)}>
              {t('common.cancel')}
            </Button>
            <Button block color="primary" loading={saving} onClick={() => void save()}>
              {t('selfInfo.useAvatar')}
            </Button>
          </div>
        </div>
      </Popup>
    </>
  );
}
