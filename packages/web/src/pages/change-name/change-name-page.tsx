import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { GROUP_NAME_MAX, NICKNAME_MAX } from '@im/protocol';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { useGoBack } from '../../hooks/use-go-back';
import { useSelfID } from '../../hooks/use-self-id';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { useGroupStore } from '../../stores/group-store';
import { showActionError } from '../../utils/failure-toast';
import { parseChangeNameOrigin } from '../../router/change-name-query';
import type { ChangeNameOrigin } from '../../router/change-name-query';
import { paths } from '../../router/paths';

/**
 * /changeName?originData=<JSON> (docs/product.md#routes): the group's name (owner and admins;
 * required) or the user's own nickname in the group (empty clears it: the user's nickname shows
 * again).
 */
export function ChangeNamePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const origin = parseChangeNameOrigin(params.get('originData'));
  if (!origin) {
    return (
      <Page title={t('pages.changeName')}>
        <EmptyState text={t('empty.group')} />
      </Page>
    );
  }
  return <ChangeNameForm origin={origin} />;
}

function ChangeNameForm({ origin }: { origin: ChangeNameOrigin }) {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.groupSetting({ groupID: origin.groupID }));
  const selfID = useSelfID();
  const [saving, setSaving] = useState(false);
  const isGroupName = origin.kind === 'groupName';

  const onFinish = async (values: { name?: string }) => {
    const name = (values.name ?? '').trim();
    setSaving(true);
    try {
      if (isGroupName) {
        const group = await im.groups.setGroupInfo({ groupID: origin.groupID, groupName: name });
        useGroupStore.getState().putGroup(group);
        useContactStore.getState().upsertGroup(group, true);
      } else {
        const member = await im.groups.setGroupMemberNickname({
          groupID: origin.groupID,
          userID: selfID,
          groupNickname: name,
        });
        useGroupStore.getState().upsertMember(member);
      }
      Toast.show({ icon: 'success', content: t('selfInfo.saved') });
      goBack();
    } catch (error) {
      showActionError(error, 'saving the name failed');
    } finally {
      setSaving(false);
    }
  };

  const label = t(isGroupName ? 'changeName.groupName' : 'groupSetting.myNickname');
  return (
    <Page title={t(isGroupName ? 'changeName.groupNameTitle' : 'groupSetting.nicknameTitle')}>
      <Form
        name="changeName"
        requiredMarkStyle="none"
        initialValues={{ name: origin.value }}
        onFinish={(values) => void onFinish(values)}
        footer={
          <Button block type="submit" color="primary" loading={saving}>
            {t('common.save')}
          </Button>
        }
      >
        <Form.Item
          name="name"
          label={label}
          help={isGroupName ? undefined : t('groupSetting.nicknameHint')}
          rules={
            isGroupName ? [{ required: true, whitespace: true, message: t('createGroup.nameRequired') }] : []
          }
        >
          <Input
            maxLength={isGroupName ? GROUP_NAME_MAX : NICKNAME_MAX}
            placeholder={t(isGroupName ? 'groupSetting.enterGroupName' : 'groupSetting.enterNickname')}
            clearable
          />
        </Form.Item>
      </Form>
    </Page>
  );
}
