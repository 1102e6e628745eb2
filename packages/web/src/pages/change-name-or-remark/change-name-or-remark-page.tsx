import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX } from '@im/protocol';
import { EmptyState } from '../../components/empty-state';
import { useGoBack } from '../../hooks/use-go-back';
import { Page } from '../../components/page';
import { im } from '../../sdk/im';
import { useUserStore } from '../../stores/user-store';
import { showError } from '../../utils/show-error';

/**
 * /changeNameOrRemark (query friendInfo, JSON, may be absent). Absent: my own nickname. Present: a
 * friend's remark, which the friends issue wires to its sdk call.
 */
export function ChangeNameOrRemarkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (params.get('friendInfo')) {
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
  const goBack = useGoBack('/selfInfoDetails');
  const nickname = useUserStore((s) => s.selfInfo?.nickname ?? '');
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: { nickname: string }) => {
    setSaving(true);
    try {
      await im.setSelfInfo({ nickname: values.nickname.trim() });
      Toast.show({ icon: 'success', content: t('selfInfo.saved') });
      goBack();
    } catch (error) {
      showError(error, 'saving the nickname failed');
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
        onFinish={onFinish}
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
