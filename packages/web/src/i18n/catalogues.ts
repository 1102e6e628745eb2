import type { BackendModule } from 'i18next';
import type { Catalogue } from './locales/en';
import type { StartCatalogue } from './start-sections';
import type { Language } from './language';
import { isLanguage } from './language';

/**
 * Each language's catalogue is its own chunk, and only the one in use loads; before the first screen
 * only its start sections do (i18n/start-sections.ts, docs/decisions.md#first-screen). The service
 * worker keeps both languages for offline starts and switches.
 */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  return language === 'en'
    ? import('./locales/en').then((module) => module.en)
    : import('./locales/zh-CN').then((module) => module.zhCN);
}

export function loadStartCatalogue(language: Language): Promise<StartCatalogue> {
  return language === 'en'
    ? import('virtual:start-catalogue/en').then((module) => module.default)
    : import('virtual:start-catalogue/zh-CN').then((module) => module.default);
}

/**
 * i18next's way of asking for a language it does not hold yet: `load` answers the sections to start
 * with (i18n/index.ts chooses the start sections or the whole catalogue).
 */
export function catalogueBackend(load: (language: Language) => Promise<object>): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read: (language, _namespace, callback) => {
      if (!isLanguage(language)) {
        callback(new Error(`no catalogue for ${language}`), null);
        return;
      }
      load(language).then(
        (catalogue) => callback(null, catalogue as Record<string, unknown>),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  };
}
