import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { UsedFor } from '@im/protocol';
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
import formStyles from '../../components/auth-form/auth-form.module.css';
import { AuthLayout, authStyles } from '../../components/auth-layout';
import { im } from '../../sdk/im';
import { parseJsonBoolean } from '../../utils/base-data';
import type { BaseData } from '../../utils/base-data';
import { showError } from '../../utils/show-error';
import { paths } from '../../router/paths';

interface GetCodeValues extends AccountValues {
  invitationCode: string;
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
  const form = useFieldForm<GetCodeValues>({ ...emptyAccount, invitationCode: '' }, accountRules);
  const [submitting, setSubmitting] = useState(false);
  const invitationId = useId();

  const switchAccountKind = () =>
    setParams({ isRegiste: String(isRegiste), isByEmail: String(!byEmail) }, { replace: true });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !form.validate([accountFieldName(byEmail)])) return;
    setSubmitting(true);
    try {
      const { values } = form;
      const account = accountFromValues(values, byEmail);
      const invitationCode = isRegiste ? values.invitationCode.trim() || undefined : undefined;
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
      <form name="getCode" className={formStyles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <AccountField form={form} byEmail={byEmail} />
        {isRegiste && (
          <FormField inputId={invitationId} label={t('account.invitationCode')}>
            <FieldInput
              id={invitationId}
              form={form}
              name="invitationCode"
              maxLength={32}
              placeholder={t('account.enterInvitationCode')}
            />
          </FormField>
        )}
        <div className={formStyles.footer}>
          <Button block type="submit" color="primary" size="large" loading={submitting}>
            {t('getCode.send')}
          </Button>
        </div>
      </form>
      <div className={authStyles.links}>
        <button type="button" className="text-button" onClick={switchAccountKind}>
          {t(byEmail ? 'account.usePhone' : 'account.useEmail')}
        </button>
      </div>
    </AuthLayout>
  );
}
