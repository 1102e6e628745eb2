import { openIndexedDbStore } from './indexeddb-store.ts';
import type { LocalStore } from './local-store.ts';
import { MemoryStore } from './memory-store.ts';

/** IndexedDB where the runtime has it (browsers), memory otherwise or when it cannot open (private modes). */
export async function openDefaultStore(userID: string): Promise<LocalStore> {
  if (!globalThis.indexedDB) return new MemoryStore();
  try {
    return await openIndexedDbStore(userID);
  } catch {
    return new MemoryStore();
  }
}
