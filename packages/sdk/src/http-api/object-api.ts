import { ObjectPath } from '@im/protocol';
import type { UploadPurposeValue, UploadResp } from '@im/protocol';
import type { HttpClient, UploadBody } from '../http-client.ts';

/** The upload call of the IM API (prefix /api, IM token): protocol/src/object-api.ts. */
export function createObjectApi(api: HttpClient) {
  return {
    upload: (body: UploadBody, purpose: UploadPurposeValue) =>
      api.upload<UploadResp>(`${ObjectPath.upload}?purpose=${encodeURIComponent(purpose)}`, body),
  };
}

export type ObjectApi = ReturnType<typeof createObjectApi>;
