import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../src/i18n/locales/en';
import { zhCN } from '../src/i18n/locales/zh-CN';

/**
 * The app's catalogues for components under test (their useTranslation), without the app's
 * src/i18n, which reads the language from the sdk.
 */
export function loadAppCatalogues(language: 'en' | 'zh-CN' = 'en'): void {
  void i18next
    .createInstance()
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
      lng: language,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
}
