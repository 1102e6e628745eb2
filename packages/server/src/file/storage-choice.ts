import { join } from 'node:path';
import type { Config } from '../config/config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';

/** Local disk under DATA_DIR/uploads (S3 when S3_BUCKET is set). */
export function createFileStorage(config: Pick<Config, 'DATA_DIR'> & Partial<Config>): FileStorage {
  return new LocalFileStorage(join(config.DATA_DIR, 'uploads'));
}
