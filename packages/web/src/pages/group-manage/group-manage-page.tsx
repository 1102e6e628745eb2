import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { List, Switch, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { GroupStatus } from '@im/protocol';
import type { SetGroupInfoReq } from '@im/protocol';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { useGoBack } from '../../hooks/use-go-back';
import { useGroup } from '../../hooks/use-group';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { useGroupStore } from '../../stores/group-store';
import { isOwnerOrAdmin } from '../../utils/group-roles';
import { showActionError } from '../../utils/failure-toast';
import { AdminsSection } from './admins-section';
import { VerificationChoice } from './verification-choice';
import styles from './group-manage.module.css';
import { paths } from '../../router/paths';

type Field = 'mute' | 'needVerification' | 'lookMemberInfo' | 'applyMemberFriend';

/**
 * /groupManage?groupID=… (owner and admins, docs/product.md#roles-and-permissions): mute all, how
 * people join (3 choices), whether members may view each other's information or add each other as
 * friends; the owner also sets or removes admins and transfers the group. Each change shows at once
 * and is undone on failure.
 */
export function GroupManagePage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const groupID = query.get('groupID') ?? '';
  const goBack = useGoBack(paths.groupSetting({ groupID }));
  const { info, members, self, selfID } = useGroup(groupID);
  const [pending, setPending] = useState<Partial<Record<Field, number>>>({});

  if (!groupID)
    return (
      <Page title={t('pages.groupManage')}>
        <EmptyState text={t('empty.group')} />
      </Page>
    );
  if (!info || !members)
    return (
      <Page title={t('pages.groupManage')}>
        <PageLoading />
      </Page>
    );
  const owner = info.ownerUserID === selfID;
  if ((!owner && !isOwnerOrAdmin(self?.roleLevel)) || info.status === GroupStatus.Dismissed)
    return (
      <Page title={t('pages.groupManage')}>
        <EmptyState text={t('groupManage.ownerOnly')} />
      </Page>
    );

  const save = async (field: Field, value: number, run: () => Promise<unknown>) => {
    setPending((p) => ({ ...p, [field]: value }));
    try {
      await run();
      Toast.show({ icon: 'success', content: t('groupManage.saved') });
    } catch (error) {
      showActionError(error, 'group setting failed');
    } finally {
      setPending((p) => ({ ...p, [field]: undefined }));
    }
  };
  const put = (group: Awaited<ReturnType<typeof im.groups.setGroupInfo>>) => {
    useGroupStore.getState().putGroup(group);
    useContactStore.getState().upsertGroup(group, true);
  };
  const setInfo = (field: Exclude<Field, 'mute'>, value: number) =>
    void save(field, value, async () =>
      put(await im.groups.setGroupInfo({ groupID, [field]: value } as SetGroupInfoReq)),
    );

  const muted = (pending.mute ?? (info.status === GroupStatus.Muted ? 1 : 0)) === 1;
  const flag = (field: 'lookMemberInfo' | 'applyMemberFriend') => (pending[field] ?? info[field]) === 1;

  return (
    <Page title={t('pages.groupManage')}>
      <List>
        <List.Item
          description={t('groupManage.muteAllHint')}
          extra={
            <Switch
              checked={muted}
              aria-label={t('groupManage.muteAll')}
              onChange={(on) =>
                void save('mute', on ? 1 : 0, async () =>
                  put(await im.groups.changeGroupMute({ groupID, isMute: on })),
                )
              }
            />
          }
        >
          {t('groupManage.muteAll')}
        </List.Item>
      </List>
      <VerificationChoice
        value={pending.needVerification ?? info.needVerification}
        onChange={(value) => setInfo('needVerification', value)}
      />
      <List className={styles.section}>
        {(['lookMemberInfo', 'applyMemberFriend'] as const).map((field) => (
          <List.Item
            key={field}
            extra={
              <Switch
                checked={flag(field)}
                aria-label={t(`groupManage.${field}`)}
                onChange={(on) => setInfo(field, on ? 1 : 0)}
              />
            }
          >
            {t(`groupManage.${field}`)}
          </List.Item>
        ))}
      </List>
      {owner && <AdminsSection groupID={groupID} members={members} onTransferred={goBack} />}
    </Page>
  );
}
