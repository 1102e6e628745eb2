import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { UsedFor } from '@im/protocol';
import { AccountFormItem, accountFromValues } from '../../components/account-form-item';
import type { AccountValues } from '../../components/account-form-item';
import { AuthLayout, authStyles } from '../../components/auth-layout';
import { im } from '../../sdk/im';
import { parseJsonBoolean } from '../../utils/base-data';
import type { BaseData } from '../../utils/base-data';
import { showError } from '../../utils/show-error';
import { paths } from '../../router/paths';

interface GetCodeValues extends AccountValues {
  invitationCode?: string;
}

/**
 * /getCode?isRegiste=…&isByEmail=… (JSON booleans): the first step of registering and of the
 * forgotten password. Sends a code (usedFor 1 or 2) and goes on to /verifyCode.
 */
export function GetCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const isRegiste = parseJsonBoolean(params.get('isRegiste'));
  const byEmail = parseJsonBoolean(params.get('isByEmail'));
  const [form] = Form.useForm<GetCodeValues>();
  const [submitting, setSubmitting] = useState(false);

  const switchAccountKind = () =>
    setParams({ isRegiste: String(isRegiste), isByEmail: String(!byEmail) }, { replace: true });

  const onFinish = async (values: GetCodeValues) => {
    setSubmitting(true);
    try {
      const account = accountFromValues(values, byEmail);
      const invitationCode = isRegiste ? values.invitationCode?.trim() || undefined : undefined;
      await im.account.sendCode({
        ...account,
        usedFor: isRegiste ? UsedFor.REGISTER : UsedFor.RESET_PASSWORD,
        ...(invitationCode ? { invitationCode } : {}),
      });
      const baseData: BaseData = { isRegiste, ...account, ...(invitationCode ? { invitationCode } : {}) };
      void navigate(paths.verifyCode(baseData));
    } catch (error) {
      showError(error, 'sending the code failed');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title={t(isRegiste ? 'getCode.registerTitle' : 'getCode.forgotTitle')}
      subtitle={t(isRegiste ? 'getCode.registerHint' : 'getCode.forgotHint')}
    >
      <Form
        key={String(byEmail)}
        name="getCode"
        form={form}
        requiredMarkStyle="none"
        validateTrigger="onBlur"
        onFinish={(values) => void onFinish(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submitting}>
            {t('getCode.send')}
          </Button>
        }
      >
        <AccountFormItem byEmail={byEmail} />
        {isRegiste && (
          <Form.Item name="invitationCode" label={t('account.invitationCode')}>
            <Input maxLength={32} placeholder={t('account.enterInvitationCode')} clearable />
          </Form.Item>
        )}
      </Form>
      <div className={authStyles.links}>
        <button type="button" className="text-button" onClick={switchAccountKind}>
          {t(byEmail ? 'account.usePhone' : 'account.useEmail')}
        </button>
      </div>
    </AuthLayout>
  );
}
