import { BrowserRouter, useRoutes } from 'react-router';
import { ErrorBoundary } from './components/error-boundary';
import { LocaleProvider } from './components/locale-provider';
import { OfflineBanner } from './components/offline-banner';
import { UpdateBanner } from './components/update-banner';
import { routes } from './router/routes';

/** The route table (router/routes.tsx) rendered in declarative mode (docs/decisions.md#first-screen). */
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <ErrorBoundary>
      <LocaleProvider>
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
        <OfflineBanner />
        <UpdateBanner />
      </LocaleProvider>
    </ErrorBoundary>
  );
}
