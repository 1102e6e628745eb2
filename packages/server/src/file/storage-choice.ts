import { join } from 'node:path';
import type { Config } from '../config/config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { S3FileStorage } from './s3-file-storage.ts';

/** Local disk under DATA_DIR/uploads, or the S3-compatible bucket when S3_BUCKET is set. */
export function createFileStorage(config: Pick<Config, 'DATA_DIR'> & Partial<Config>): FileStorage {
  if (!config.S3_BUCKET) return new LocalFileStorage(join(config.DATA_DIR, 'uploads'));
  return new S3FileStorage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION ?? 'us-east-1',
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? true,
    urlTtlS: config.S3_URL_TTL_S ?? 3600,
  });
}
