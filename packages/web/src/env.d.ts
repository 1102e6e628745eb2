/// <reference types="vite-plugin-pwa/client" />
/** The package version, injected by vite.config.ts for the About screen. */
declare const __APP_VERSION__: string;

/** The start sections of a language's catalogue (start-catalogue-plugin.ts). */
declare module 'virtual:start-catalogue/*' {
  const sections: import('./i18n/start-sections').StartCatalogue;
  export default sections;
}
