import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isValidVerifyCode, PLATFORM_WEB, UsedFor } from '@im/protocol';
import { AccountFormItem, accountFromValues } from '../../components/account-form-item';
import type { AccountValues } from '../../components/account-form-item';
import { AuthLayout, authStyles } from '../../components/auth-layout';
import { LanguageSwitch } from '../../components/language-switch';
import { SendCodeButton } from '../../components/send-code-button';
import { im } from '../../sdk/im';
import { signIn } from '../../session/session';
import { showError } from '../../utils/show-error';
import { paths } from '../../router/paths';

interface LoginValues extends AccountValues {
  password?: string;
  verifyCode?: string;
}

/** /login: phone (with area code) or e-mail, by password or by a code sent for login. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  const [byEmail, setByEmail] = useState(false);
  const [byCode, setByCode] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const toFlow = (isRegiste: boolean) => void navigate(paths.getCode({ isRegiste, isByEmail: byEmail }));

  const sendCode = async () => {
    try {
      await form.validateFields([byEmail ? 'email' : 'phone']);
    } catch {
      return false;
    }
    await im.account.sendCode({
      ...accountFromValues(form.getFieldsValue(), byEmail),
      usedFor: UsedFor.LOGIN,
    });
    return true;
  };

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      const account = accountFromValues(values, byEmail);
      const secret = byCode ? { verifyCode: values.verifyCode ?? '' } : { password: values.password ?? '' };
      const resp = await im.account.login({ ...account, ...secret, platform: PLATFORM_WEB });
      await signIn(resp);
      void navigate(paths.conversation(), { replace: true });
    } catch (error) {
      showError(error, 'login failed');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('login.welcome')} back={false} corner={<LanguageSwitch />}>
      <Form
        name="login"
        form={form}
        requiredMarkStyle="none"
        validateTrigger="onBlur"
        onFinish={(values) => void onFinish(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submitting}>
            {t('login.logIn')}
          </Button>
        }
      >
        <AccountFormItem byEmail={byEmail} />
        {byCode ? (
          <Form.Item
            name="verifyCode"
            label={t('account.verifyCode')}
            extra={<SendCodeButton send={sendCode} />}
            rules={[
              {
                validator: async (_, value?: string) => {
                  if (!isValidVerifyCode(value ?? '')) throw new Error(t('validation.codeFormat'));
                },
              },
            ]}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('account.enterCode')}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="password"
            label={t('account.password')}
            rules={[{ required: true, message: t('validation.passwordRequired') }]}
          >
            <Input type="password" autoComplete="current-password" placeholder={t('account.enterPassword')} />
          </Form.Item>
        )}
      </Form>
      <div className={authStyles.links}>
        <button type="button" className="text-button" onClick={() => setByEmail(!byEmail)}>
          {t(byEmail ? 'account.usePhone' : 'account.useEmail')}
        </button>
        <button type="button" className="text-button" onClick={() => setByCode(!byCode)}>
          {t(byCode ? 'login.usePassword' : 'login.useCode')}
        </button>
      </div>
      <div className={authStyles.actions}>
        <Button block fill="outline" color="primary" onClick={() => toFlow(true)}>
          {t('login.register')}
        </Button>
        <button type="button" className="text-button" onClick={() => toFlow(false)}>
          {t('login.forgotPassword')}
        </button>
      </div>
    </AuthLayout>
  );
}
