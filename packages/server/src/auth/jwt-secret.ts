import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret that signs tokens: JWT_SECRET when given, else the one kept in DATA_DIR/jwt-secret,
 * generated on first start so that restarts keep sessions valid.
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = join(dataDir, 'jwt-secret');
  try {
    const secret = readFileSync(file, 'utf8').trim();
    // A file from an older version or copied in by hand: readable by this user only, as when made.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return new TextEncoder().encode(secret);
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return new TextEncoder().encode(secret);
  }
}
