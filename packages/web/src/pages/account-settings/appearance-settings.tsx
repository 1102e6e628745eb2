import { List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TranslationKey } from '../../i18n/keys';
import { setTheme, storedTheme, themeChoices } from '../../theme/theme';
import type { ThemeChoice } from '../../theme/theme';
import styles from './appearance-settings.module.css';

const labels: Record<ThemeChoice, TranslationKey> = {
  system: 'appearance.system',
  light: 'appearance.light',
  dark: 'appearance.dark',
};

/**
 * The Appearance rows of /accountSettings (docs/product.md#appearance): follow the system, light or
 * dark. Native radio buttons, so the choice is one group to a screen reader.
 */
export function AppearanceSettings() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<ThemeChoice>(storedTheme);
  const choose = (value: ThemeChoice) => {
    setChoice(value);
    setTheme(value);
  };
  return (
    <div role="radiogroup" aria-label={t('appearance.title')}>
      <List header={t('appearance.title')} style={{ marginTop: 12 }}>
        {themeChoices.map((value) => (
          <List.Item key={value}>
            <label className={styles.choice}>
              <input
                type="radio"
                name="appearance"
                value={value}
                checked={choice === value}
                onChange={() => choose(value)}
              />
              {t(labels[value])}
            </label>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
