import { ObjectPath } from '@im/protocol';
import type { UploadPurposeValue, UploadResp } from '@im/protocol';
import type { HttpClient, UploadBody, UploadControl } from '../http-client.ts';
import type { MediaPurposeValue, MediaUploadResp } from '../messaging/media-messages.ts';

/** The upload call of the IM API (prefix /api, IM token): protocol/src/object-api.ts. */
export function createObjectApi(api: HttpClient) {
  return {
    upload: (body: UploadBody, purpose: UploadPurposeValue) =>
      api.upload<UploadResp>(`${ObjectPath.upload}?purpose=${encodeURIComponent(purpose)}`, body),
    /** A media message's bytes, with progress and abort (docs/api.md "Uploads"). */
    uploadMedia: ({
      purpose,
      name,
      body,
      ...control
    }: { purpose: MediaPurposeValue; name: string; body: Blob } & UploadControl) =>
      api.uploadWithProgress<MediaUploadResp>(
        `${ObjectPath.upload}?purpose=${encodeURIComponent(purpose)}&name=${encodeURIComponent(name)}`,
        body,
        control,
      ),
  };
}

export type ObjectApi = ReturnType<typeof createObjectApi>;
