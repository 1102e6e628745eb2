/** The package version, injected by vite.config.ts for the About screen. */
declare const __APP_VERSION__: string;
