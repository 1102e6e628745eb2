import { StorageKey } from '@im/protocol';
import type { LoginResp } from '@im/protocol';
import type { KeyValueStorage } from './key-value-storage.ts';

export type Session = LoginResp;

/** IM_TOKEN, IM_CHAT_TOKEN and IM_USERID in local storage (docs/product.md#device-storage). */
export class SessionStore {
  #storage: KeyValueStorage;

  constructor(storage: KeyValueStorage) {
    this.#storage = storage;
  }

  get(): Session | null {
    const userID = this.#storage.getItem(StorageKey.IM_USERID);
    const imToken = this.#storage.getItem(StorageKey.IM_TOKEN);
    const chatToken = this.#storage.getItem(StorageKey.IM_CHAT_TOKEN);
    if (!userID || !imToken || !chatToken) return null;
    return { userID, imToken, chatToken };
  }

  save(session: Session): void {
    this.#storage.setItem(StorageKey.IM_USERID, session.userID);
    this.#storage.setItem(StorageKey.IM_TOKEN, session.imToken);
    this.#storage.setItem(StorageKey.IM_CHAT_TOKEN, session.chatToken);
  }

  clear(): void {
    this.#storage.removeItem(StorageKey.IM_USERID);
    this.#storage.removeItem(StorageKey.IM_TOKEN);
    this.#storage.removeItem(StorageKey.IM_CHAT_TOKEN);
  }
}
