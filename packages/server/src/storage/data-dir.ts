import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';

/**
 * DATA_DIR holds the database, the JWT secret and the uploads: created readable by this user only
 * (0700). An existing folder is left as the operator made it, with a warning when others can read it
 * (docs/operations.md#data-folder).
 */
export function prepareDataDir(dir: string, log: FastifyBaseLogger): void {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // mkdir's mode is filtered by the umask; this is the mode asked for.
    chmodSync(dir, 0o700);
    return;
  }
  if ((statSync(dir).mode & 0o077) !== 0)
    log.warn(`DATA_DIR ${dir} is readable by other users: chmod 700 it (it holds the secrets)`);
}
