import { useTranslation } from '../i18n/use-translation';
import { setLanguage } from '../i18n';

/** On the login screen, before /language is reachable: one tap switches to the other language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'zh-CN' : 'en';
  return (
    <button type="button" className="text-button" lang={other} onClick={() => void setLanguage(other)}>
      {t(other === 'en' ? 'language.en' : 'language.zhCN')}
    </button>
  );
}
