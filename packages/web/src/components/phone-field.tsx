import { useId } from 'react';
import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './phone-field.module.css';

export interface PhoneValue {
  areaCode: string;
  phoneNumber: string;
}

export const DEFAULT_AREA_CODE = '+86';

interface Props {
  /** Given by Form.Item: the label points at this id, so the number input is named by it. */
  id?: string;
  value?: PhoneValue;
  onChange?: (value: PhoneValue) => void;
  placeholder?: string;
}

/** Area code and national number as one form value: { areaCode, phoneNumber }. */
export function PhoneField({ id, value, onChange, placeholder }: Props) {
  const { t } = useTranslation();
  const areaCodeId = useId();
  const current = value ?? { areaCode: DEFAULT_AREA_CODE, phoneNumber: '' };
  return (
    <div className={styles.field}>
      {/* A hidden label, not aria-label: antd-mobile copies aria-label onto its wrapper too. */}
      <label className="visually-hidden" htmlFor={areaCodeId}>
        {t('account.areaCode')}
      </label>
      <Input
        className={styles.areaCode}
        id={areaCodeId}
        type="tel"
        value={current.areaCode}
        maxLength={5}
        onChange={(areaCode) => onChange?.({ ...current, areaCode })}
      />
      <Input
        className={styles.number}
        id={id}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={placeholder}
        value={current.phoneNumber}
        maxLength={15}
        clearable
        onChange={(phoneNumber) => onChange?.({ ...current, phoneNumber: phoneNumber.replace(/\s/g, '') })}
      />
    </div>
  );
}
