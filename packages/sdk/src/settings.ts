import { DEFAULT_LOG_LEVEL, StorageKey } from '@im/protocol';
import type { KeyValueStorage } from './key-value-storage.ts';

export interface Settings {
  apiUrl: string;
  chatUrl: string;
  wsUrl: string;
  logLevel: number;
}

/** Where the page was loaded from; the default addresses are the same host. */
export interface PageLocation {
  protocol: string;
  host: string;
}

/**
 * The default addresses (docs/product.md#server-calls): same host under /api, /chat and /msg_gateway,
 * wss: when the page is secure.
 */
export function defaultSettings(location: PageLocation): Settings {
  const secure = location.protocol === 'https:';
  const http = `${secure ? 'https' : 'http'}://${location.host}`;
  return {
    apiUrl: `${http}/api`,
    chatUrl: `${http}/chat`,
    wsUrl: `${secure ? 'wss' : 'ws'}://${location.host}/msg_gateway`,
    logLevel: DEFAULT_LOG_LEVEL,
  };
}

/** Stored values (wsUrl, apiUrl, chatUrl, logLevel) override the defaults. */
export function readSettings(storage: KeyValueStorage, location: PageLocation): Settings {
  const defaults = defaultSettings(location);
  const level = Number(storage.getItem(StorageKey.logLevel));
  return {
    apiUrl: storage.getItem(StorageKey.apiUrl) || defaults.apiUrl,
    chatUrl: storage.getItem(StorageKey.chatUrl) || defaults.chatUrl,
    wsUrl: storage.getItem(StorageKey.wsUrl) || defaults.wsUrl,
    logLevel:
      Number.isInteger(level) && storage.getItem(StorageKey.logLevel) !== null ? level : defaults.logLevel,
  };
}
