import { showToast } from './antd-setup';
import { isTokenError } from '@im/protocol';
import { isApiError } from '@im/sdk';
import type { Translate } from '../i18n/keys';
import { i18n } from '../i18n';
import { errorKeyFor } from './error-text';

export type FailureKind = 'operation' | 'upload';

/**
 * The text of a failed action or upload (docs/product.md#error-texts): the generic toast "Operation
 * failed" / "Upload failed", followed by the reason when the failure has one of its own (a code the
 * catalogues translate, or the server's errMsg), e.g. "Upload failed: the file is too large".
 */
export function failureText(error: unknown, t: Translate, kind: FailureKind): string {
  const title = t(kind === 'upload' ? 'common.uploadFailed' : 'common.operationFailed');
  if (!isApiError(error)) return title;
  const key = errorKeyFor(error.errCode);
  const reason = key ? t(key) : error.errMsg;
  return reason ? t('failure.withReason', { title, reason }) : title;
}

function show(error: unknown, context: string, kind: FailureKind): void {
  console.error(context, error);
  // Token failures end the session: the sdk announces them and the session handler speaks instead.
  if (isApiError(error) && isTokenError(error.errCode)) return;
  showToast({
    icon: 'fail',
    content: failureText(error, (key, options) => i18n.t(key, options ?? {}), kind),
  });
}

/** A user's action failed (a change, a send, a setting): logged, then "Operation failed[: reason]". */
export function showActionError(error: unknown, context: string): void {
  show(error, context, 'operation');
}

/** An upload failed (an avatar, a picture, a file, the debug log): logged, then "Upload failed[: reason]". */
export function showUploadError(error: unknown, context: string): void {
  show(error, context, 'upload');
}
