import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { LoginStatus } from '@im/sdk';
import { PageLoading } from '../components/page-loading';
import { autoLogin, hasStoredSession } from '../session/session';
import { useAuthStore } from '../stores/auth-store';

/**
 * Guarded routes (spec §2): logged in → the screen; no stored token or user id → /login; a stored
 * session not yet logged in (start-up, reload) → log in automatically, /login when it is refused.
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
        if (live && !hasStoredSession()) navigate('/login', { replace: true });
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
  if (!stored) return <Navigate to="/login" replace />;
  return <PageLoading />;
}

/**
 * Login routes: arriving with a stored session logs in again when logged out, and a logged-in user
 * goes on to /conversation. /getCode and /setBaseInfo are not wrapped (spec §2: they skip the check).
 */
export function GuestOnly() {
  const status = useAuthStore((s) => s.status);
  const stored = hasStoredSession();

  useEffect(() => {
    if (status === LoginStatus.Logout && stored) autoLogin().catch(() => undefined);
  }, [status, stored]);

  if (status === LoginStatus.Logged) return <Navigate to="/conversation" replace />;
  return <Outlet />;
}
