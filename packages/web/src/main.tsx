import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { im } from './sdk/im';
import { initI18n, loadWholeCatalogue } from './i18n';
import { autoLogin, hasStoredSession } from './session/session';
import { bindCoreEvents } from './session/bind-core-events';
import { installPageBehaviour } from './utils/page-behaviour';
import { registerServiceWorker } from './pwa/register-service-worker';
import 'antd-mobile/es/global';
import './styles/tokens.css';
import './styles/global.css';
import { initTheme } from './theme/theme';
import { afterFirstScreen, startFirstScreenClock } from './router/first-screen';
import { opensOnFirstScreen, preloadFirstScreen } from './router/prefetch';

// The page's console lines also go to the debug log's ring buffer (About, docs/sdk.md#debug-log).
im.debugLog.captureConsole();
// The first screen's code is asked for at once; the rest of the start runs in a task after the one
// that evaluated the app's code (docs/decisions.md#first-screen).
preloadFirstScreen(location.pathname, hasStoredSession());
setTimeout(start);

function start(): void {
  initI18n({ startSectionsOnly: opensOnFirstScreen(location.pathname) })
    // The rest of the catalogue once the first screen is shown (i18n/start-sections.ts).
    .then(() => afterFirstScreen(() => void loadWholeCatalogue().catch(() => undefined)))
    .catch((error: unknown) => console.error('language not loaded', error));
  startFirstScreenClock();
  initTheme();
  installPageBehaviour();
  bindCoreEvents();
  // On start, a stored session logs in at once (docs/product.md#shell-behaviour); the route guards
  // wait for this attempt.
  if (hasStoredSession()) autoLogin().catch(() => undefined);
  registerServiceWorker();
  // React's root (a listener for every event) and the first render in a task of their own too.
  setTimeout(renderApp);
}

function renderApp(): void {
  // The first render as a transition: React renders it in slices and answers input between them,
  // instead of one long task while the first screen's code and catalogue arrive.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
