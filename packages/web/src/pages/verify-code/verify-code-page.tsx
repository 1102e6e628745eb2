import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { isValidVerifyCode, UsedFor, VERIFY_CODE_LENGTH } from '@im/protocol';
import { AuthLayout, authStyles } from '../../components/auth-layout';
import { RESEND_SECONDS } from '../../components/send-code-button';
import { useCountdown } from '../../hooks/use-countdown';
import { im } from '../../sdk/im';
import { accountLabel, accountOf, parseBaseData } from '../../utils/base-data';
import type { BaseData } from '../../utils/base-data';
import { showError } from '../../utils/show-error';
import styles from './verify-code-page.module.css';
import { paths } from '../../router/paths';

/** /verifyCode?baseData=…: the six-digit code just sent; an unparsable baseData goes to /login. */
export function VerifyCodePage() {
  const [params] = useSearchParams();
  const baseData = parseBaseData(params.get('baseData'));
  if (!baseData) return <Navigate to={paths.login()} replace />;
  return <VerifyCodeForm baseData={baseData} />;
}

function VerifyCodeForm({ baseData }: { baseData: BaseData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  // The previous screen has just sent a code: the resend countdown starts at once.
  const { remaining, running, start } = useCountdown(RESEND_SECONDS, true);
  const usedFor = baseData.isRegiste ? UsedFor.REGISTER : UsedFor.RESET_PASSWORD;
  const account = accountOf(baseData);

  const verify = async (verifyCode: string) => {
    if (!isValidVerifyCode(verifyCode) || verifying) return;
    setVerifying(true);
    try {
      await im.account.verifyCode({ ...account, verifyCode, usedFor });
      void navigate(paths.setPassword({ ...baseData, verifyCode }));
    } catch (error) {
      showError(error, 'verifying the code failed');
      setCode('');
    } finally {
      setVerifying(false);
    }
  };

  const resend = async () => {
    try {
      const invitation = baseData.invitationCode ? { invitationCode: baseData.invitationCode } : {};
      await im.account.sendCode({ ...account, usedFor, ...invitation });
      start();
      Toast.show({ icon: 'success', content: t('verifyCode.codeSent') });
    } catch (error) {
      showError(error, 'sending the code failed');
    }
  };

  return (
    <AuthLayout
      title={t('verifyCode.title')}
      subtitle={
        <>
          {t('verifyCode.sentTo', { account: accountLabel(baseData) })}
          <br />
          {t('verifyCode.validity')}
        </>
      }
    >
      <div className={styles.code}>
        {/* One native field (antd-mobile's PasscodeInput hides a focusable input from screen readers). */}
        <input
          className={styles.codeInput}
          aria-label={t('account.verifyCode')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={VERIFY_CODE_LENGTH}
          value={code}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '').slice(0, VERIFY_CODE_LENGTH);
            setCode(digits);
            if (digits.length === VERIFY_CODE_LENGTH) void verify(digits);
          }}
        />
      </div>
      <div className={styles.resend}>
        <button type="button" className="text-button" disabled={running} onClick={() => void resend()}>
          {running ? t('verifyCode.resendIn', { count: remaining }) : t('verifyCode.resend')}
        </button>
      </div>
      <div className={authStyles.actions}>
        <Button
          block
          color="primary"
          size="large"
          loading={verifying}
          disabled={code.length !== VERIFY_CODE_LENGTH}
          onClick={() => void verify(code)}
        >
          {t('common.next')}
        </Button>
      </div>
    </AuthLayout>
  );
}
