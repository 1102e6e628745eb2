import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../utils/antd-setup';
import { ErrCode } from '@im/protocol';
import { useTranslation } from '../i18n/use-translation';
import { im } from '../sdk/im';
import { useAuthStore } from '../stores/auth-store';
import type { TranslationKey } from '../i18n/keys';
import { resetAllStores } from '../stores/reset-stores';
import { paths } from '../router/paths';

/**
 * Kicked offline, token expired or login expired (connection failure 705; docs/product.md#error-texts): the
 * toast says why, the session and stores are cleared, and the app goes to /login once the toast has closed.
 */
export function useForcedLogout(): void {
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    const leave = (key: TranslationKey) => {
      const { signingOut, setSigningOut } = useAuthStore.getState();
      if (signingOut) return;
      setSigningOut(true);
      // The tokens go now (a reload must not log back in); the stores once the screen is left.
      const cleared = im.logout().catch((error: unknown) => console.error('logout failed', error));
      showToast({
        content: t(key),
        afterClose: () => {
          void cleared.then(() => {
            resetAllStores();
            setSigningOut(false);
            void navigate(paths.login(), { replace: true });
          });
        },
      });
    };
    const offKicked = im.on('kickedOffline', () => leave('session.kickedOffline'));
    const offExpired = im.on('tokenExpired', () => leave('session.tokenExpired'));
    // 705 comes before the core marks itself logged out, so the guards do not log in again first.
    const offFailed = im.on('connectFailed', ({ errCode }) => {
      if (errCode === ErrCode.LOGIN_EXPIRED) leave('session.loginExpired');
    });
    return () => {
      offKicked();
      offExpired();
      offFailed();
    };
  }, [navigate, t]);
}
