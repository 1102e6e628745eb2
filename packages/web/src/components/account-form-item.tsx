import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isValidAreaCode, isValidEmail, isValidPhone, normalizeAreaCode } from '@im/protocol';
import type { Account } from '../utils/base-data';
import { DEFAULT_AREA_CODE, PhoneField } from './phone-field';
import type { PhoneValue } from './phone-field';

/** The form values an account field leaves behind. */
export interface AccountValues {
  phone?: PhoneValue;
  email?: string;
}

/** The account the user typed, in the shape request bodies take. */
export function accountFromValues(values: AccountValues, byEmail: boolean): Account {
  if (byEmail) return { email: (values.email ?? '').trim().toLowerCase() };
  const phone = values.phone ?? { areaCode: DEFAULT_AREA_CODE, phoneNumber: '' };
  return { areaCode: normalizeAreaCode(phone.areaCode.trim()), phoneNumber: phone.phoneNumber.trim() };
}

/** Phone number with area code, or e-mail, with the format rules of docs/product.md#validation. */
export function AccountFormItem({ byEmail }: { byEmail: boolean }) {
  const { t } = useTranslation();
  if (byEmail) {
    return (
      <Form.Item
        name="email"
        label={t('account.email')}
        rules={[
          {
            validator: async (_, value?: string) => {
              if (!isValidEmail((value ?? '').trim())) throw new Error(t('validation.emailFormat'));
            },
          },
        ]}
      >
        <Input type="email" autoComplete="email" placeholder={t('account.enterEmail')} clearable />
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name="phone"
      label={t('account.phoneNumber')}
      initialValue={{ areaCode: DEFAULT_AREA_CODE, phoneNumber: '' }}
      rules={[
        {
          validator: async (_, value?: PhoneValue) => {
            const ok =
              value && isValidAreaCode(value.areaCode.trim()) && isValidPhone(value.phoneNumber.trim());
            if (!ok) throw new Error(t('validation.phoneFormat'));
          },
        },
      ]}
    >
      <PhoneField placeholder={t('account.enterPhone')} />
    </Form.Item>
  );
}
