import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The operator's own VAPID keys (docs/operations.md#web-push): from configuration when both are
 * given, else the pair kept in DATA_DIR/vapid-keys.json, made on first start, so that a restart keeps
 * every device's subscription valid (a subscription is bound to the public key).
 */
export function loadVapidKeys(configured: Partial<VapidKeys>, dataDir: string): VapidKeys {
  if (configured.publicKey && configured.privateKey)
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  if (configured.publicKey || configured.privateKey)
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  const file = join(dataDir, 'vapid-keys.json');
  try {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    if (keys.publicKey && keys.privateKey) return keys;
    throw new Error(`${file} lacks a key`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const keys = webPush.generateVAPIDKeys();
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
    return keys;
  }
}
