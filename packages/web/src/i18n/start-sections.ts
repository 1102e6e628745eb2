import type { Catalogue } from './locales/en';

/**
 * The catalogue sections the first screens use: the login screens, the tab layout and the
 * conversation list with every kind of last message, the app shell's banners and the error texts.
 * Only these load before the first screen (the build makes them a chunk of their own, see
 * start-catalogue-plugin.ts); the whole catalogue follows once it is shown, and every other screen
 * waits for it (docs/decisions.md#first-screen). A test renders the first screens with these alone.
 */
export const START_SECTIONS = [
  'app',
  'common',
  'tabs',
  'account',
  'login',
  'getCode',
  'validation',
  'errors',
  'failure',
  'username',
  'session',
  'appShell',
  'language',
  'conversation',
  'empty',
  'time',
  'summary',
  'calls',
  'burn',
  'changes',
  'group',
  'finder',
  'contact',
] as const satisfies readonly (keyof Catalogue)[];

export type StartCatalogue = Pick<Catalogue, (typeof START_SECTIONS)[number]>;

export function pickStartSections(catalogue: Catalogue): StartCatalogue {
  return Object.fromEntries(START_SECTIONS.map((name) => [name, catalogue[name]])) as StartCatalogue;
}
