import type { Catalogue } from './locales/en';

/** Every leaf key of the catalogue, dotted: 'errors.passwordError', 'tabs.profile', … */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type TranslationKey = Leaves<Catalogue>;

/** A translate function as i18next's `t` offers it, narrowed to what the helpers need. */
export type Translate = (key: TranslationKey, options?: Record<string, unknown>) => string;
