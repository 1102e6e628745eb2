/** The uploads table (migration 0008). Times are milliseconds since the epoch. */

/**
 * One row per stored object (docs/api.md "Uploads"): what it is and who sent it, so that it is served
 * with its type and name, the daily quota counts it, and the sweep can delete it when nothing refers
 * to it a day later.
 */
export interface UploadsTable {
  /** The generated name (also the storage key and the last part of its URL). */
  name: string;
  ownerId: string;
  /** An UploadPurpose, or `thumbnail` for a picture's server-made copy. */
  purpose: string;
  contentType: string;
  size: number;
  /** The client's file name ('' when not given); only ever sent back in Content-Disposition. */
  originalName: string;
  createdAt: number;
  /** 1 once a stored message refers to it (avatars are looked up by the sweep). */
  referenced: number;
}

export interface UploadTables {
  uploads: UploadsTable;
}
