import { List } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { Page } from '../../components/page';
import { setLanguage } from '../../i18n';
import type { Language } from '../../i18n/language';

const options: { value: Language; key: 'language.zhCN' | 'language.en' }[] = [
  { value: 'zh-CN', key: 'language.zhCN' },
  { value: 'en', key: 'language.en' },
];

/** /language: Chinese or English, the current one checked; kept for this tab (IMI18n). */
export function LanguagePage() {
  const { t, i18n } = useTranslation();
  return (
    <Page title={t('language.title')}>
      <div role="radiogroup" aria-label={t('language.title')}>
        <List>
          {options.map(({ value, key }) => {
            const checked = i18n.language === value;
            return (
              <List.Item
                key={value}
                className="stretched-item"
                extra={checked ? <CheckOutline color="var(--im-blue)" aria-hidden="true" /> : null}
              >
                <button
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  lang={value}
                  className="stretched-link"
                  onClick={() => void setLanguage(value)}
                >
                  {t(key)}
                </button>
              </List.Item>
            );
          })}
        </List>
      </div>
    </Page>
  );
}
