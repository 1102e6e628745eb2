import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { isValidAreaCode, isValidEmail, isValidPhone, normalizeAreaCode } from '@im/protocol';
import type { Account } from '../../utils/base-data';
import type { FieldForm, FieldRules } from './use-field-form';
import { FormField } from './form-field';
import { FieldInput } from './field-input';
import styles from './auth-form.module.css';

export const DEFAULT_AREA_CODE = '+86';

/** The values an account field keeps: a phone number with its area code, or an e-mail address. */
export interface AccountValues {
  areaCode: string;
  phoneNumber: string;
  email: string;
}

export const emptyAccount: AccountValues = { areaCode: DEFAULT_AREA_CODE, phoneNumber: '', email: '' };

/** The format rules of docs/product.md#validation. */
export const accountRules: FieldRules<AccountValues> = {
  phoneNumber: (phoneNumber, { areaCode }) =>
    isValidAreaCode(areaCode.trim()) && isValidPhone(phoneNumber.trim()) ? null : 'validation.phoneFormat',
  email: (email) => (isValidEmail(email.trim()) ? null : 'validation.emailFormat'),
};

/** The field an account is checked by. */
export function accountFieldName(byEmail: boolean): keyof AccountValues {
  return byEmail ? 'email' : 'phoneNumber';
}

/** The account the user typed, in the shape request bodies take. */
export function accountFromValues(values: AccountValues, byEmail: boolean): Account {
  if (byEmail) return { email: values.email.trim().toLowerCase() };
  return { areaCode: normalizeAreaCode(values.areaCode.trim()), phoneNumber: values.phoneNumber.trim() };
}

interface Props<V extends AccountValues> {
  form: FieldForm<V>;
  byEmail: boolean;
}

/** Phone number with area code, or e-mail, for the sign-in screens. */
export function AccountField<V extends AccountValues>({ form, byEmail }: Props<V>) {
  const { t } = useTranslation();
  const id = useId();
  const areaCodeId = useId();
  const name = accountFieldName(byEmail);
  const error = form.errors[name];
  const errorText = error && t(error);
  if (byEmail) {
    return (
      <FormField inputId={id} label={t('account.email')} error={errorText}>
        <FieldInput
          id={id}
          form={form}
          name="email"
          error={errorText}
          type="email"
          autoComplete="email"
          placeholder={t('account.enterEmail')}
        />
      </FormField>
    );
  }
  return (
    <FormField inputId={id} label={t('account.phoneNumber')} error={errorText}>
      <label className="visually-hidden" htmlFor={areaCodeId}>
        {t('account.areaCode')}
      </label>
      <input
        id={areaCodeId}
        className={`${styles.input} ${styles.areaCode}`}
        type="tel"
        maxLength={5}
        value={form.values.areaCode}
        onChange={(event) => form.setValue('areaCode', event.target.value as V['areaCode'])}
      />
      <FieldInput
        id={id}
        form={form}
        name="phoneNumber"
        error={errorText}
        normalize={(text) => text.replace(/\s/g, '')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={15}
        placeholder={t('account.enterPhone')}
      />
    </FormField>
  );
}
