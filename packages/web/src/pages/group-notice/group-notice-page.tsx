import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, TextArea, Toast } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from '../../i18n/use-translation';
import { GROUP_ANNOUNCEMENT_MAX, GroupStatus } from '@im/protocol';
import { EmptyState } from '../../components/empty-state';
import { MessageText } from '../../components/message-text';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { useGroup } from '../../hooks/use-group';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { useGroupStore } from '../../stores/group-store';
import { isOwnerOrAdmin } from '../../utils/group-roles';
import { showActionError } from '../../utils/failure-toast';
import styles from './group-notice.module.css';

/**
 * /groupNotice?groupID=…: the group's announcement (links detected, as in messages); the owner and
 * admins edit and publish it (members are told by the 1519 notice in the chat).
 */
export function GroupNoticePage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const groupID = query.get('groupID') ?? '';
  const { info, self, selfID, isMember } = useGroup(groupID);
  const inputID = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const canEdit =
    Boolean(info) &&
    isMember !== false &&
    info?.status !== GroupStatus.Dismissed &&
    (info?.ownerUserID === selfID || isOwnerOrAdmin(self?.roleLevel));

  const publish = async () => {
    if (draft === null) return;
    setSaving(true);
    try {
      const group = await im.groups.setGroupInfo({ groupID, notification: draft.trim() });
      useGroupStore.getState().putGroup(group);
      useContactStore.getState().upsertGroup(group, true);
      Toast.show({ icon: 'success', content: t('groupNotice.published') });
      setDraft(null);
    } catch (error) {
      showActionError(error, 'publishing the announcement failed');
    } finally {
      setSaving(false);
    }
  };

  const edit = canEdit && draft === null && (
    <button type="button" className="text-button" onClick={() => setDraft(info?.notification ?? '')}>
      {t('groupNotice.edit')}
    </button>
  );

  let body;
  if (!groupID) body = <EmptyState text={t('empty.group')} />;
  else if (!info) body = isMember === false ? <EmptyState text={t('group.notMember')} /> : <PageLoading />;
  else if (draft !== null)
    body = (
      <div className={styles.form}>
        <label htmlFor={inputID} className="visually-hidden">
          {t('groupNotice.label')}
        </label>
        <TextArea
          id={inputID}
          className={styles.input}
          value={draft}
          onChange={setDraft}
          rows={8}
          maxLength={GROUP_ANNOUNCEMENT_MAX}
          showCount
          placeholder={t('groupNotice.placeholder')}
        />
        <Button block color="primary" loading={saving} onClick={() => void publish()}>
          {t('groupNotice.publish')}
        </Button>
        <Button block disabled={saving} onClick={() => setDraft(null)}>
          {t('common.cancel')}
        </Button>
      </div>
    );
  else if (!info.notification) body = <EmptyState text={t('empty.notice')} />;
  else
    body = (
      <article aria-label={t('groupNotice.label')}>
        <p className={styles.text}>
          <MessageText text={info.notification} />
        </p>
        {info.notificationUpdateTime > 0 && (
          <p className={styles.meta}>
            {t('groupNotice.updatedAt', {
              time: dayjs(info.notificationUpdateTime).format('YYYY-MM-DD HH:mm'),
            })}
          </p>
        )}
      </article>
    );

  return (
    <Page title={t('pages.groupNotice')} right={edit}>
      {body}
    </Page>
  );
}
