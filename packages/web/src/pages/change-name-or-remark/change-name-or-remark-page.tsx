import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { NICKNAME_MAX } from '@im/protocol';
import { EmptyState } from '../../components/empty-state';
import { useGoBack } from '../../hooks/use-go-back';
import { Page } from '../../components/page';
import { im } from '../../sdk/im';
import { useUserStore } from '../../stores/user-store';
import { showActionError } from '../../utils/failure-toast';
import { parseFriendInfo } from '../../router/friend-info-query';
import { RemarkForm } from './remark-form';
import { paths } from '../../router/paths';

/**
 * /changeNameOrRemark (query friendInfo, JSON, may be absent, docs/product.md#routes). Absent: my own
 * nickname. Present: that friend's remark (`{ userID, nickname?, remark? }`).
 */
export function ChangeNameOrRemarkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('friendInfo');
  if (raw) {
    const friend = parseFriendInfo(raw);
    if (friend) return <RemarkForm friend={friend} />;
    return (
      <Page title={t('changeName.remarkTitle')}>
        <EmptyState text={t('empty.user')} />
      </Page>
    );
  }
  return <NicknameForm />;
}

function NicknameForm() {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.selfInfoDetails());
  const nickname = useUserStore((s) => s.selfInfo?.nickname ?? '');
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: { nickname: string }) => {
    setSaving(true);
    try {
      await im.account.setSelfInfo({ nickname: values.nickname.trim() });
      Toast.show({ icon: 'success', content: t('selfInfo.saved') });
      goBack();
    } catch (error) {
      showActionError(error, 'saving the nickname failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title={t('changeName.nicknameTitle')}>
      <Form
        name="changeNickname"
        requiredMarkStyle="none"
        initialValues={{ nickname }}
        onFinish={(values) => void onFinish(values)}
        footer={
          <Button block type="submit" color="primary" loading={saving}>
            {t('common.save')}
          </Button>
        }
      >
        <Form.Item
          name="nickname"
          label={t('account.nickname')}
          rules={[{ required: true, whitespace: true, message: t('validation.nicknameRequired') }]}
        >
          <Input maxLength={NICKNAME_MAX} placeholder={t('account.enterNickname')} clearable />
        </Form.Item>
      </Form>
    </Page>
  );
}
