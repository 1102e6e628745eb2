import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { LoginStatus } from '@im/sdk';
import { PageLoading } from '../components/page-loading';
import { autoLogin, hasStoredSession } from '../session/session';
import { useAuthStore } from '../stores/auth-store';
import { paths } from './paths';

/**
 * Guarded routes (docs/product.md#shell-behaviour): logged in → the screen; no stored token or user
 * id → /login; a stored session not yet logged in (start-up, reload) → log in automatically, /login
 * on failure.
 */
export function RequireAuth() {
  const status = useAuthStore((s) => s.status);
  const signingOut = useAuthStore((s) => s.signingOut);
  const navigate = useNavigate();
  const stored = hasStoredSession();

  useEffect(() => {
    if (status !== LoginStatus.Logout || !stored || signingOut) return undefined;
    let live = true;
    // A refused session is gone: to /login. Only the network failed: the screen stays, and the
    // browser's coming back online tries again.
    const attempt = () => {
      autoLogin().catch(() => {
        if (live && !hasStoredSession()) void navigate(paths.login(), { replace: true });
      });
    };
    attempt();
    window.addEventListener('online', attempt);
    return () => {
      live = false;
      window.removeEventListener('online', attempt);
    };
  }, [status, stored, signingOut, navigate]);

  // While the kicked / expired toast shows, the current screen stays until it closes.
  if (status === LoginStatus.Logged || signingOut) return <KeepAliveOutlet />;
  if (!stored) return <Navigate to={paths.login()} replace />;
  return <PageLoading />;
}

/**
 * Login routes: arriving with a stored session logs in again when logged out, and a logged-in user
 * goes on to /conversation. /getCode and /setBaseInfo are not wrapped: they skip the check
 * (docs/product.md#login-routes).
 */
export function GuestOnly() {
  const status = useAuthStore((s) => s.status);
  const stored = hasStoredSession();

  useEffect(() => {
    if (status === LoginStatus.Logout && stored) autoLogin().catch(() => undefined);
  }, [status, stored]);

  if (status === LoginStatus.Logged) return <Navigate to={paths.conversation()} replace />;
  return <Outlet />;
}
