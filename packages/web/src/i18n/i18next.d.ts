import 'i18next';
import type { Catalogue } from './locales/en';

/** Typed keys: a misspelled key in t('…') fails the type check. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
