import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import Toast from 'antd-mobile/es/components/toast';
import { ApiError, SdkErrCode } from '@im/sdk';
import { failureText, showActionError, showUploadError } from '../src/utils/failure-toast';
import { initI18n, loadWholeCatalogue } from '../src/i18n';
import { loadToast } from '../src/utils/antd-setup';
import { translator } from './translate';

const en = translator('en');
const zh = translator('zh-CN');

/** The generic toasts of docs/product.md#error-texts where an action or an upload fails. */
describe('failure toasts', () => {
  beforeAll(async () => {
    await loadToast();
    await initI18n();
    // A screen past the first ones: the whole catalogue, as router/lazy-page.tsx loads it.
    await loadWholeCatalogue();
  });
  afterEach(() => vi.restoreAllMocks());

  it('"Upload failed" with the reason when the failure has one of its own', () => {
    expect(failureText(new ApiError(1006, 'payload too large'), en, 'upload')).toBe(
      'Upload failed: the file is too large',
    );
    expect(failureText(new ApiError(1006, 'payload too large'), zh, 'upload')).toBe('上传失败：文件过大');
    expect(failureText(new TypeError('canvas'), en, 'upload')).toBe('Upload failed');
  });

  it('"Operation failed" with the reason, or alone for a failure without one', () => {
    expect(failureText(new ApiError(1002, 'no permission'), en, 'operation')).toBe(
      'Operation failed: no permission',
    );
    expect(failureText(new ApiError(98765, ''), en, 'operation')).toBe('Operation failed');
    expect(failureText(new Error('boom'), zh, 'operation')).toBe('操作失败');
    expect(failureText(new ApiError(SdkErrCode.NETWORK, 'x'), en, 'operation')).toBe(
      'Operation failed: network error, please check your connection',
    );
    expect(failureText(new ApiError(1201, 'x'), en, 'operation')).toBe(
      'Operation failed: This username is already taken',
    );
  });

  it('shows the toast and logs, but stays silent on token failures (the session speaks)', async () => {
    const toast = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => undefined });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    showUploadError(new Error('x'), 'avatar upload failed');
    await vi.waitFor(() => expect(toast).toHaveBeenCalled());
    expect(toast).toHaveBeenCalledWith({ icon: 'fail', content: 'Upload failed' });
    showActionError(new ApiError(1501, 'token expired'), 'pin failed');
    await loadToast();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith('pin failed', expect.any(ApiError));
  });
});
