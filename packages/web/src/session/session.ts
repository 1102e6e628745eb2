import type { LoginResp } from '@im/protocol';
import { isOfflineError, LoginStatus } from '@im/sdk';
import { im } from '../sdk/im';
import { resetAllStores } from '../stores/reset-stores';
import { loadStartLists } from './start-lists';
import { useUserStore } from '../stores/user-store';

/**
 * Start-up after login (docs/product.md#start-up-after-login): self info, the unread count, the first
 * conversation page, and the contacts (friends, blacklist, friend applications both ways), the joined
 * groups and the group applications both ways. Failures are only logged (docs/product.md#error-texts).
 */
async function afterLogin(): Promise<void> {
  try {
    // The login has just read it: asking again was one more request while the first screen loads.
    useUserStore.getState().setSelfInfo(im.account.keptSelfInfo() ?? (await im.account.getSelfUserInfo()));
  } catch (error) {
    console.error('loading self info failed', error);
  }
  // Not awaited: the screens show these as they come.
  void loadStartLists();
}

/** A fresh login or registration: keep the tokens, log the core in, load what the screens show. */
export async function signIn(resp: LoginResp): Promise<void> {
  await im.loginWithSession(resp);
  await afterLogin();
}

let pending: Promise<void> | null = null;
/** The token that failed to log in, so guards do not retry a dead session on every render. */
let failedToken: string | null = null;

/**
 * Logs in with the stored session (start-up, reload, arrival from /login). Concurrent callers share
 * one attempt. A session the server refused is forgotten. An unreachable server does not fail it:
 * the core starts from its local store and keeps reconnecting; should a network failure still come
 * through, the session is kept so that a later attempt tries again.
 */
export function autoLogin(): Promise<void> {
  if (im.getLoginStatus() === LoginStatus.Logged) return Promise.resolve();
  const session = im.session.get();
  if (!session) return Promise.reject(new Error('no stored session'));
  if (failedToken === session.imToken) return Promise.reject(new Error('stored session already refused'));
  pending ??= im
    .login({ userID: session.userID, token: session.imToken })
    .then(afterLogin)
    .catch((error: unknown) => {
      console.error('automatic login failed', error);
      if (!isOfflineError(error)) {
        failedToken = session.imToken;
        im.session.clear();
      }
      throw error;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

export function hasStoredSession(): boolean {
  return im.session.get() !== null;
}

/** Logout (docs/product.md#logout): revoke and forget the tokens, clear every store. */
export async function signOut(): Promise<void> {
  await im.logout();
  resetAllStores();
  // The server dropped this session's push subscription with it; the browser's goes too.
  await import('../pwa/web-push-client')
    .then(({ forgetPushOnThisDevice }) => forgetPushOnThisDevice())
    .catch((error: unknown) => console.error('dropping the push subscription failed', error));
}
