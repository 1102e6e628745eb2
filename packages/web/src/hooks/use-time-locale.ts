import { useTranslation } from '../i18n/use-translation';
import type { TimeLocale } from '../utils/time-format';

/** The current language's formats for utils/time-format (re-renders on a language switch). */
export function useTimeLocale(): TimeLocale {
  const { t, i18n } = useTranslation();
  return { t, language: i18n.language };
}
