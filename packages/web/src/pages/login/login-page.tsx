import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { isValidVerifyCode, PLATFORM_WEB, UsedFor } from '@im/protocol';
import {
  AccountField,
  accountFieldName,
  accountFromValues,
  accountRules,
  emptyAccount,
} from '../../components/auth-form/account-field';
import type { AccountValues } from '../../components/auth-form/account-field';
import { FormField } from '../../components/auth-form/form-field';
import { FieldInput } from '../../components/auth-form/field-input';
import { useFieldForm } from '../../components/auth-form/use-field-form';
import type { FieldRules } from '../../components/auth-form/use-field-form';
import formStyles from '../../components/auth-form/auth-form.module.css';
import { AuthLayout, authStyles } from '../../components/auth-layout';
import { LanguageSwitch } from '../../components/language-switch';
import { SendCodeButton } from '../../components/send-code-button';
import { im } from '../../sdk/im';
import { signIn } from '../../session/session';
import { showError } from '../../utils/show-error';
import { paths } from '../../router/paths';
import { useFirstScreenShown } from '../../router/first-screen';

interface LoginValues extends AccountValues {
  password: string;
  verifyCode: string;
}

const rules: FieldRules<LoginValues> = {
  ...accountRules,
  password: (password) => (password ? null : 'validation.passwordRequired'),
  verifyCode: (code) => (isValidVerifyCode(code) ? null : 'validation.codeFormat'),
};

/** /login: phone (with area code) or e-mail, by password or by a code sent for login. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useFieldForm<LoginValues>({ ...emptyAccount, password: '', verifyCode: '' }, rules);
  const [byEmail, setByEmail] = useState(false);
  const [byCode, setByCode] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const secretId = useId();
  useFirstScreenShown(true);
  const secretName = byCode ? 'verifyCode' : 'password';
  const secretError = form.errors[secretName] && t(form.errors[secretName]);

  const toFlow = (isRegiste: boolean) => void navigate(paths.getCode({ isRegiste, isByEmail: byEmail }));

  const sendCode = async () => {
    if (!form.validate([accountFieldName(byEmail)])) return false;
    await im.account.sendCode({ ...accountFromValues(form.values, byEmail), usedFor: UsedFor.LOGIN });
    return true;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !form.validate([accountFieldName(byEmail), secretName])) return;
    setSubmitting(true);
    try {
      const account = accountFromValues(form.values, byEmail);
      const { values } = form;
      const secret = byCode ? { verifyCode: values.verifyCode } : { password: values.password };
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
      <form name="login" className={formStyles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <AccountField form={form} byEmail={byEmail} />
        {byCode ? (
          <FormField
            inputId={secretId}
            label={t('account.verifyCode')}
            error={secretError}
            extra={<SendCodeButton send={sendCode} />}
          >
            <FieldInput
              id={secretId}
              form={form}
              name="verifyCode"
              error={secretError}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('account.enterCode')}
            />
          </FormField>
        ) : (
          <FormField inputId={secretId} label={t('account.password')} error={secretError}>
            <FieldInput
              id={secretId}
              form={form}
              name="password"
              error={secretError}
              type="password"
              autoComplete="current-password"
              placeholder={t('account.enterPassword')}
            />
          </FormField>
        )}
        <div className={formStyles.footer}>
          <Button block type="submit" color="primary" size="large" loading={submitting}>
            {t('login.logIn')}
          </Button>
        </div>
      </form>
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
