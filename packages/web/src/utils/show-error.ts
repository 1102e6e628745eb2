import { showToast } from './antd-setup';
import { isTokenError } from '@im/protocol';
import { isApiError } from '@im/sdk';
import { i18n } from '../i18n';
import { errorText } from './error-text';

/**
 * The one way a failed call reaches the user: logged, then a failure toast in the current language.
 * Token failures stay silent here: the sdk announces them (kicked / expired) and the session
 * handler shows that text instead.
 */
export function showError(error: unknown, context?: string): void {
  console.error(context ?? 'request failed', error);
  if (isApiError(error) && isTokenError(error.errCode)) return;
  showToast({ icon: 'fail', content: errorText(error, (key, options) => i18n.t(key, options ?? {})) });
}
