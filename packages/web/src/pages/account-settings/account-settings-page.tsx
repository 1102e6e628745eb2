import { useState } from 'react';
import { Button, Form, Input, List, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { isValidPassword } from '@im/protocol';
import { LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { im } from '../../sdk/im';
import { showError } from '../../utils/show-error';
import { paths } from '../../router/paths';
import { NotificationSettings } from './notification-settings';
import { AppearanceSettings } from './appearance-settings';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/**
 * /accountSettings: change password (the server revokes the other sessions; this one stays valid)
 * the way to the blacklist, and this device's notifications and appearance.
 */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordValues>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: ChangePasswordValues) => {
    setSaving(true);
    try {
      await im.account.changePassword(values.currentPassword, values.newPassword);
      form.resetFields();
      Toast.show({ icon: 'success', content: t('accountSettings.changed') });
    } catch (error) {
      showError(error, 'changing the password failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title={t('accountSettings.title')}>
      <Form
        name="changePassword"
        form={form}
        requiredMarkStyle="none"
        validateTrigger="onBlur"
        onFinish={(values) => void onFinish(values)}
        footer={
          <Button block type="submit" color="primary" loading={saving}>
            {t('accountSettings.submit')}
          </Button>
        }
      >
        <Form.Header>{t('accountSettings.changePassword')}</Form.Header>
        <Form.Item
          name="currentPassword"
          label={t('accountSettings.currentPassword')}
          rules={[{ required: true, message: t('validation.passwordRequired') }]}
        >
          <Input
            type="password"
            autoComplete="current-password"
            placeholder={t('accountSettings.enterCurrentPassword')}
          />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('accountSettings.newPassword')}
          description={<span className="hint">{t('setPassword.rule')}</span>}
          rules={[
            {
              validator: async (_, value?: string) => {
                if (!isValidPassword(value ?? '')) throw new Error(t('validation.passwordFormat'));
              },
            },
          ]}
        >
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={t('accountSettings.enterNewPassword')}
          />
        </Form.Item>
        <Form.Item
          name="confirmNewPassword"
          label={t('accountSettings.confirmNewPassword')}
          dependencies={['newPassword']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value?: string) => {
                if ((value ?? '') !== getFieldValue('newPassword'))
                  throw new Error(t('validation.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={t('accountSettings.enterConfirmNewPassword')}
          />
        </Form.Item>
      </Form>
      <List style={{ marginTop: 12 }}>
        <LinkItem to={paths.blackList()}>{t('accountSettings.blackList')}</LinkItem>
      </List>
      <NotificationSettings />
      <AppearanceSettings />
    </Page>
  );
}
