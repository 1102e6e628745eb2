import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { NICKNAME_MAX, PLATFORM_WEB } from '@im/protocol';
import { AuthLayout } from '../../components/auth-layout';
import { im } from '../../sdk/im';
import { signIn } from '../../session/session';
import { accountOf, parseBaseData, toBaseData } from '../../utils/base-data';
import type { BaseData } from '../../utils/base-data';
import { showError } from '../../utils/show-error';
import { paths } from '../../router/paths';

interface FlowState {
  baseData?: unknown;
  password?: unknown;
}

/**
 * /setBaseInfo?baseData=…: the nickname, then the account is created and signed in. Once loaded, the
 * query leaves the address bar (docs/product.md#login-routes); the data stays in history state, so a
 * reload still works.
 */
export function SetBaseInfoPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as FlowState;
  const fromQuery = parseBaseData(new URLSearchParams(location.search).get('baseData'));
  const baseData = fromQuery ?? toBaseData(state.baseData);
  const password = typeof state.password === 'string' ? state.password : null;

  // Without its data, back to the start; without the password chosen on the previous screen (a
  // reload of an old entry, a shared link), back to choose it again.
  const leaving = !baseData?.isRegiste || !baseData.verifyCode || !password;

  useEffect(() => {
    // Only on the form: moving the query into history state while a redirect leaves would bring
    // the page back here after the redirect, and the redirect, already done, would not run again.
    if (!leaving && location.search && fromQuery) {
      void navigate(location.pathname, { replace: true, state: { baseData: fromQuery, password } });
    }
  }, [leaving, location.search, location.pathname, fromQuery, password, navigate]);

  if (!baseData?.isRegiste || !baseData.verifyCode) return <Navigate to={paths.login()} replace />;
  if (!password) return <Navigate to={paths.setPassword(baseData)} replace />;
  return <BaseInfoForm baseData={baseData} verifyCode={baseData.verifyCode} password={password} />;
}

function BaseInfoForm({
  baseData,
  verifyCode,
  password,
}: {
  baseData: BaseData;
  verifyCode: string;
  password: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async ({ nickname }: { nickname: string }) => {
    setSubmitting(true);
    try {
      const resp = await im.account.register({
        verifyCode,
        ...(baseData.invitationCode ? { invitationCode: baseData.invitationCode } : {}),
        autoLogin: true,
        platform: PLATFORM_WEB,
        user: { ...accountOf(baseData), password, nickname: nickname.trim() },
      });
      await signIn(resp);
      void navigate(paths.conversation(), { replace: true });
    } catch (error) {
      showError(error, 'registration failed');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('setBaseInfo.title')} subtitle={t('setBaseInfo.hint')}>
      <Form
        name="setBaseInfo"
        requiredMarkStyle="none"
        validateTrigger="onBlur"
        onFinish={(values) => void onFinish(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submitting}>
            {t('setBaseInfo.finish')}
          </Button>
        }
      >
        <Form.Item
          name="nickname"
          label={t('account.nickname')}
          rules={[{ required: true, whitespace: true, message: t('validation.nicknameRequired') }]}
        >
          <Input
            maxLength={NICKNAME_MAX}
            autoComplete="nickname"
            placeholder={t('account.enterNickname')}
            clearable
          />
        </Form.Item>
      </Form>
    </AuthLayout>
  );
}
