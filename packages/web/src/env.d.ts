/// <reference types="vite-plugin-pwa/client" />
/** The package version, injected by vite.config.ts for the About screen. */
declare const __APP_VERSION__: string;
