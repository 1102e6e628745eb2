import { useState } from 'react';
import { Button, Input, Popup, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { isValidUsername, USERNAME_MAX } from '@im/protocol';
import { ButtonItem } from '../../components/list-items';
import { im } from '../../sdk/im';
import { showActionError } from '../../utils/failure-toast';
import styles from './self-info-details.module.css';

/**
 * The username row of /selfInfoDetails (docs/product.md#validation): 6–12 letters and digits with
 * its hint under the field, checked before it is sent; the server keeps it unique (1201 "This
 * username is already taken" shows in the toast, and the sheet stays open to try another).
 */
export function UsernameItem({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  const valid = isValidUsername(value);

  const save = async () => {
    setTouched(true);
    if (!valid) return;
    setSaving(true);
    try {
      await im.account.setSelfInfo({ userName: value });
      Toast.show({ icon: 'success', content: t('username.saved') });
      setOpen(false);
    } catch (error) {
      showActionError(error, 'saving the username failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <ButtonItem
        onClick={() => {
          setValue(userName);
          setTouched(false);
          setOpen(true);
        }}
        extra={userName || t('common.notSet')}
      >
        {t('username.label')}
      </ButtonItem>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName={styles.sheet}>
        <section role="dialog" aria-label={t('username.title')}>
          <h2 className={styles.sheetTitle}>{t('username.title')}</h2>
          <label className={styles.field}>
            <span>{t('username.label')}</span>
            <Input
              value={value}
              maxLength={USERNAME_MAX}
              autoComplete="username"
              aria-describedby="username-hint"
              onChange={(next) => setValue(next.trim())}
              onEnterPress={() => void save()}
            />
          </label>
          <p id="username-hint" className="hint">
            {t('username.hint')}
          </p>
          {touched && !valid && (
            <p role="alert" className={styles.error}>
              {t('username.invalid')}
            </p>
          )}
          <div className={styles.sheetActions}>
            <Button block onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button block color="primary" loading={saving} onClick={() => void save()}>
              {t('common.save')}
            </Button>
          </div>
        </section>
      </Popup>
    </>
  );
}
