import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from './components/error-boundary';
import { LocaleProvider } from './components/locale-provider';
import { OfflineBanner } from './components/offline-banner';
import { UpdateBanner } from './components/update-banner';
import { routes } from './router/routes';

export function App() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <ErrorBoundary>
      <LocaleProvider>
        <RouterProvider router={router} />
        <OfflineBanner />
        <UpdateBanner />
      </LocaleProvider>
    </ErrorBoundary>
  );
}
