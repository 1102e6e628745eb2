import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CallLayer } from '../call/call-layer';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoading } from '../components/page-loading';
import { SyncOverlay } from '../components/sync-overlay';
import { useForcedLogout } from '../session/use-forced-logout';

/**
 * What every screen shares: forced-logout handling, the sync overlay, the call overlay, lazy loading,
 * error boundary.
 */
export function AppShell() {
  const { pathname } = useLocation();
  useForcedLogout();
  return (
    <>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <SyncOverlay />
      <CallLayer />
    </>
  );
}
