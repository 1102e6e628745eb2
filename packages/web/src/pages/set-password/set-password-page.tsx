import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { isValidPassword } from '@im/protocol';
import { AuthLayout } from '../../components/auth-layout';
import { im } from '../../sdk/im';
import { accountOf, parseBaseData } from '../../utils/base-data';
import type { BaseData } from '../../utils/base-data';
import { showError } from '../../utils/show-error';
import { paths } from '../../router/paths';

interface PasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * /setPassword?baseData=…: a new password under the rules of docs/product.md#validation. Registering
 * goes on to /setBaseInfo; the forgotten-password flow resets it here and returns to /login.
 */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const baseData = parseBaseData(params.get('baseData'));
  if (!baseData?.verifyCode) return <Navigate to={paths.login()} replace />;
  return <SetPasswordForm baseData={baseData} verifyCode={baseData.verifyCode} />;
}

function SetPasswordForm({ baseData, verifyCode }: { baseData: BaseData; verifyCode: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async ({ password }: PasswordValues) => {
    if (baseData.isRegiste) {
      // The password travels in history state, never in the address bar.
      void navigate(paths.setBaseInfo(baseData), { state: { password } });
      return;
    }
    setSubmitting(true);
    try {
      await im.account.resetPassword({ ...accountOf(baseData), verifyCode, password });
      Toast.show({ icon: 'success', content: t('setPassword.resetDone') });
      void navigate(paths.login(), { replace: true });
    } catch (error) {
      showError(error, 'resetting the password failed');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t(baseData.isRegiste ? 'setPassword.registerTitle' : 'setPassword.resetTitle')}>
      <Form
        name="setPassword"
        requiredMarkStyle="none"
        validateTrigger="onBlur"
        onFinish={(values) => void onFinish(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submitting}>
            {t(baseData.isRegiste ? 'common.next' : 'setPassword.reset')}
          </Button>
        }
      >
        <Form.Item
          name="password"
          label={t('account.password')}
          description={<span className="hint">{t('setPassword.rule')}</span>}
          rules={[
            {
              validator: async (_, value?: string) => {
                if (!isValidPassword(value ?? '')) throw new Error(t('validation.passwordFormat'));
              },
            },
          ]}
        >
          <Input type="password" autoComplete="new-password" placeholder={t('account.enterPassword')} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.confirmPassword')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value?: string) => {
                if ((value ?? '') !== getFieldValue('password'))
                  throw new Error(t('validation.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={t('account.enterConfirmPassword')}
          />
        </Form.Item>
      </Form>
    </AuthLayout>
  );
}
