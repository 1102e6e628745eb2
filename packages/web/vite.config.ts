import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { precompress } from './precompress-plugin';
import { antdDirectImports } from './antd-direct-imports';
import { startCatalogues } from './start-catalogue-plugin';
import { virtuosoFirstRows } from './build/virtuoso-first-rows';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const server = 'http://localhost:8080';
/** The lazy chunks whose imports load with them (build.modulePreload below); `home` and `sign-in` hold the first screens. */
const PRELOADED_SCREENS = /\/(home|sign-in|contact-page|profile-page)-[\w-]+\.js$/;

/**
 * The installable app (docs/decisions.md#installable-app): our own worker (src/sw/sw.ts) gets the
 * precache list injected; the page registers it itself (src/app-update/) and asks before a new
 * version takes over.
 */
const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
  injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,woff2}'] },
  manifest: {
    name: 'Messenger',
    short_name: 'Messenger',
    description: 'A self-hosted instant messenger',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: '#ffffff',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
};

/** antd-mobile's overlays render with React 19's createRoot (src/utils/react-19-render.ts). */
export const reactRenderAlias = {
  find: /^rc-util\/lib\/React\/render$/,
  replacement: fileURLToPath(new URL('./src/utils/react-19-render.ts', import.meta.url)),
};

/**
 * react-router's package exports only its development build, whose only difference is its dev
 * warnings switched on; the production build beside it has them off, so the minifier drops them
 * (0.45 kB of the first file, br; docs/decisions.md#first-screen). The web tests keep the warnings.
 */
const reactRouterProductionAlias = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  ),
};

export default defineConfig({
  plugins: [
    react(),
    antdDirectImports(),
    startCatalogues(),
    virtuosoFirstRows(),
    VitePWA(pwaOptions),
    precompress(),
  ],
  resolve: { alias: [reactRenderAlias, reactRouterProductionAlias] },
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // Preloading a lazy chunk's imports with it takes a table of every chunk's name into the first
    // file: kept for the screens a first visit opens at once (the first screens, the other tabs); any
    // other screen's imports follow its own code, from the service worker's cache after the first
    // visit. Not the chat: its idle prefetch appended 48 links in one long task
    // (docs/decisions.md#first-screen).
    modulePreload: {
      resolveDependencies: (filename, deps) => (PRELOADED_SCREENS.test(filename) ? deps : []),
    },
    rolldownOptions: {
      output: {
        // Everything the start needs in one file instead of dozens: on a phone network each request
        // waits a round trip for a free connection; screens still load lazily.
        // The sign-in screens' own small modules in one file, and the helpers every screen shares
        // in another: each file is a request with its headers (docs/decisions.md#first-screen).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 30 },
            {
              name: 'shared',
              test: /src\/(utils\/(show-error|error-text|failure-toast|base-data)|hooks\/use-(go-back|countdown)|validation)\.ts$|LeftOutline/,
              priority: 20,
            },
            {
              // The tabs and the conversation list, with the helpers every screen's frame uses.
              name: 'home',
              test: /src\/(router\/tab-layout|pages\/conversation\/|components\/(page|empty-state|avatar|nav-header)\.|utils\/(time-format|format-badge|message-summary|call-summary|burn-duration|conversation-preview)|hooks\/use-(self-id|time-locale))/,
              priority: 10,
            },
            {
              // The chat's libraries, each in a file of its own: the chat's prefetch evaluates one
              // per idle period instead of all of them in one long task (router/screens.ts).
              name: 'chat-motion',
              test: /node_modules\/(@react-spring\/|@use-gesture\/|antd-mobile\/es\/utils\/with-stop-propagation)/,
              priority: 6,
            },
            {
              name: 'chat-history',
              test: /node_modules\/react-virtuoso\//,
              priority: 6,
            },
            {
              name: 'chat-page',
              test: /src\/pages\/chat\/chat-page\.tsx$/,
              priority: 5,
            },
            {
              name: 'sign-in',
              test: /src\/(pages\/(login|get-code)\/|components\/(auth-form\/|auth-layout|send-code-button))/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    // Trailing slashes: the page route /chat must stay with the client, only /chat/... is the chat service.
    proxy: {
      '/chat/': server,
      '/api/': server,
      '/msg_gateway': { target: server, ws: true },
    },
  },
});
