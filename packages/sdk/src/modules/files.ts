import { UploadPurpose } from '@im/protocol';
import type { UploadPurposeValue, UploadResp } from '@im/protocol';
import type { ObjectApi } from '../http-api/object-api.ts';
import type { UploadBody } from '../http-client.ts';

/** `im.files`: uploads (docs/sdk.md "Files"). */
export class FilesModule {
  #api: ObjectApi;

  constructor(api: ObjectApi) {
    this.#api = api;
  }

  /**
   * Uploads a file (a File or Blob from an <input>) and answers where it is served; `url` is ready
   * for use as faceURL. Avatars: PNG, JPEG, GIF or WebP up to 5 MiB (1006 above, 1007 other bytes).
   */
  uploadFile(file: UploadBody, purpose: UploadPurposeValue = UploadPurpose.Avatar): Promise<UploadResp> {
    return this.#api.upload(file, purpose);
  }
}
