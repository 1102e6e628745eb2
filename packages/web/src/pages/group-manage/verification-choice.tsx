import { useTranslation } from '../../i18n/use-translation';
import { GroupVerification } from '@im/protocol';
import type { TranslationKey } from '../../i18n/keys';
import styles from './group-manage.module.css';

/**
 * Group access (docs/product.md#roles-and-permissions), in the numbers of docs/product.md#numbers: 2
 * anyone joins, 1 every join approved, 0 invitations direct.
 */
const choices: { value: number; key: TranslationKey }[] = [
  { value: GroupVerification.Direct, key: 'groupManage.verifyAnyone' },
  { value: GroupVerification.AllNeed, key: 'groupManage.verifyAll' },
  { value: GroupVerification.ApplyNeedInviteNot, key: 'groupManage.verifyInvite' },
];

interface Props {
  value: number;
  disabled?: boolean;
  onChange: (value: number) => void;
}

/** The three ways to join as a radio group named "How people join" (native radios: named and focusable). */
export function VerificationChoice({ value, disabled, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{t('groupManage.verification')}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={styles.choice}>
          <input
            type="radio"
            className={styles.radio}
            name="needVerification"
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {t(choice.key)}
        </label>
      ))}
    </fieldset>
  );
}
