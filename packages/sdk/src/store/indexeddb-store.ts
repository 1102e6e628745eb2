import type { ConversationItem, MessageItem, UserInfo } from '@im/protocol';
import { StoreMeta } from './local-store.ts';
import type { LocalStore } from './local-store.ts';
import { matchesSearch, newestFirst } from './search-match.ts';
import type { LocalSearchQuery } from './search-match.ts';

/** 2 added the plain seq index (unsent messages are those at seq 0). */
const VERSION = 2;
const META = 'meta';
const CONVERSATIONS = 'conversations';
const MESSAGES = 'messages';
const SEQS = 'seqs';
const BY_SEQ = 'bySeq';
const BY_SEQ_ONLY = 'seq';

/** One database per user, so two accounts on one browser never see each other's data. */
export function databaseName(userID: string): string {
  return `im-sdk-${userID}`;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function upgrade(db: IDBDatabase, tx: IDBTransaction | null): void {
  if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
  if (!db.objectStoreNames.contains(CONVERSATIONS))
    db.createObjectStore(CONVERSATIONS, { keyPath: 'conversationID' });
  if (!db.objectStoreNames.contains(SEQS)) db.createObjectStore(SEQS);
  if (!db.objectStoreNames.contains(MESSAGES)) {
    const messages = db.createObjectStore(MESSAGES, { keyPath: 'clientMsgID' });
    messages.createIndex(BY_SEQ, ['conversationID', 'seq']);
  }
  const messages = tx?.objectStore(MESSAGES);
  if (messages && !messages.indexNames.contains(BY_SEQ_ONLY)) messages.createIndex(BY_SEQ_ONLY, 'seq');
}

/** Opens (creating on first use) the user's database. */
export async function openIndexedDbStore(
  userID: string,
  factory: IDBFactory = globalThis.indexedDB,
): Promise<LocalStore> {
  if (!factory) throw new Error('IndexedDB is not available');
  const request = factory.open(databaseName(userID), VERSION);
  request.onupgradeneeded = () => upgrade(request.result, request.transaction);
  return new IndexedDbStore(await done(request));
}

/** The browser backend of LocalStore; messages are indexed by [conversationID, seq] for history pages. */
export class IndexedDbStore implements LocalStore {
  #db: IDBDatabase;

  constructor(db: IDBDatabase) {
    this.#db = db;
  }

  async close(): Promise<void> {
    this.#db.close();
  }

  /** Runs `work` in one transaction and resolves with its result once the transaction committed. */
  #tx<T>(
    stores: string[],
    mode: IDBTransactionMode,
    work: (tx: IDBTransaction) => Promise<T> | T,
  ): Promise<T> {
    const tx = this.#db.transaction(stores, mode);
    const committed = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
    });
    return Promise.all([work(tx), committed]).then(([result]) => result);
  }

  getMeta<T>(key: string): Promise<T | undefined> {
    return this.#tx(
      [META],
      'readonly',
      (tx) => done(tx.objectStore(META).get(key)) as Promise<T | undefined>,
    );
  }

  setMeta(key: string, value: unknown): Promise<void> {
    return this.#tx([META], 'readwrite', (tx) => void tx.objectStore(META).put(value, key));
  }

  getSelfInfo(): Promise<UserInfo | undefined> {
    return this.getMeta<UserInfo>(StoreMeta.selfInfo);
  }

  setSelfInfo(info: UserInfo): Promise<void> {
    return this.setMeta(StoreMeta.selfInfo, info);
  }

  getConversations(): Promise<ConversationItem[]> {
    return this.#tx([CONVERSATIONS], 'readonly', (tx) => done(tx.objectStore(CONVERSATIONS).getAll()));
  }

  getConversation(conversationID: string): Promise<ConversationItem | undefined> {
    return this.#tx([CONVERSATIONS], 'readonly', (tx) =>
      done(tx.objectStore(CONVERSATIONS).get(conversationID)),
    );
  }

  putConversations(items: ConversationItem[]): Promise<void> {
    return this.#tx([CONVERSATIONS], 'readwrite', (tx) => {
      const store = tx.objectStore(CONVERSATIONS);
      for (const item of items) store.put(item);
    });
  }

  deleteConversation(conversationID: string): Promise<void> {
    return this.#tx(
      [CONVERSATIONS],
      'readwrite',
      (tx) => void tx.objectStore(CONVERSATIONS).delete(conversationID),
    );
  }

  putMessages(messages: MessageItem[]): Promise<void> {
    return this.#tx([MESSAGES], 'readwrite', (tx) => {
      const store = tx.objectStore(MESSAGES);
      for (const message of messages) store.put(message);
    });
  }

  getMessage(clientMsgID: string): Promise<MessageItem | undefined> {
    return this.#tx([MESSAGES], 'readonly', (tx) => done(tx.objectStore(MESSAGES).get(clientMsgID)));
  }

  getMessageBySeq(conversationID: string, seq: number): Promise<MessageItem | undefined> {
    return this.#tx([MESSAGES], 'readonly', (tx) =>
      done(tx.objectStore(MESSAGES).index(BY_SEQ).get([conversationID, seq])),
    );
  }

  /** Walks the seq index backwards from beforeSeq, so a page costs `count` reads however long the chat. */
  getMessagesBefore(conversationID: string, beforeSeq: number, count: number): Promise<MessageItem[]> {
    const upper = Number.isFinite(beforeSeq) ? beforeSeq : Number.MAX_SAFE_INTEGER;
    const range = IDBKeyRange.bound([conversationID, 0], [conversationID, upper], true, true);
    return this.#tx([MESSAGES], 'readonly', (tx) => {
      const found: MessageItem[] = [];
      const cursorRequest = tx.objectStore(MESSAGES).index(BY_SEQ).openCursor(range, 'prev');
      return new Promise<MessageItem[]>((resolve, reject) => {
        cursorRequest.onerror = () => reject(cursorRequest.error);
        cursorRequest.onsuccess = () => {
          const cursor = cursorRequest.result;
          if (!cursor || found.length >= count) return resolve(found.reverse());
          found.push(cursor.value as MessageItem);
          cursor.continue();
        };
      });
    });
  }

  async getUnsentMessages(conversationID?: string): Promise<MessageItem[]> {
    const found = await this.#tx([MESSAGES], 'readonly', (tx) =>
      conversationID === undefined
        ? done(tx.objectStore(MESSAGES).index(BY_SEQ_ONLY).getAll(0))
        : done(tx.objectStore(MESSAGES).index(BY_SEQ).getAll([conversationID, 0])),
    );
    return (found as MessageItem[]).sort((a, b) => a.createTime - b.createTime);
  }

  deleteMessage(clientMsgID: string): Promise<void> {
    return this.#tx([MESSAGES], 'readwrite', (tx) => void tx.objectStore(MESSAGES).delete(clientMsgID));
  }

  deleteMessages(conversationID: string, upToSeq?: number): Promise<void> {
    // All of them from -Infinity (unsent at seq 0 included); a cleared history only stored seqs.
    const range =
      upToSeq === undefined
        ? IDBKeyRange.bound([conversationID, -Infinity], [conversationID, Number.MAX_SAFE_INTEGER])
        : IDBKeyRange.bound([conversationID, 0], [conversationID, upToSeq], true, false);
    return this.#tx([MESSAGES], 'readwrite', (tx) => {
      const cursorRequest = tx.objectStore(MESSAGES).index(BY_SEQ).openCursor(range);
      cursorRequest.onsuccess = () => {
        const cursor = cursorRequest.result;
        if (!cursor) return;
        cursor.delete();
        cursor.continue();
      };
    });
  }

  /**
   * Walks one conversation's seq range, or every message: a device holds what it synced, and a
   * substring match (Chinese included) has no index to use here (docs/sdk.md#message-search).
   */
  searchMessages(query: LocalSearchQuery): Promise<MessageItem[]> {
    const range = query.conversationID
      ? IDBKeyRange.bound([query.conversationID, 1], [query.conversationID, Number.MAX_SAFE_INTEGER])
      : undefined;
    return this.#tx([MESSAGES], 'readonly', (tx) => {
      const found: MessageItem[] = [];
      const store = tx.objectStore(MESSAGES);
      const cursorRequest = range ? store.index(BY_SEQ).openCursor(range) : store.openCursor();
      return new Promise<MessageItem[]>((resolve, reject) => {
        cursorRequest.onerror = () => reject(cursorRequest.error);
        cursorRequest.onsuccess = () => {
          const cursor = cursorRequest.result;
          if (!cursor) return resolve(found.sort(newestFirst).slice(0, query.limit));
          const message = cursor.value as MessageItem;
          if (matchesSearch(message, query)) found.push(message);
          cursor.continue();
        };
      });
    });
  }

  getSeqs(): Promise<Record<string, number>> {
    return this.#tx([SEQS], 'readonly', async (tx) => {
      const store = tx.objectStore(SEQS);
      const [keys, values] = await Promise.all([done(store.getAllKeys()), done(store.getAll())]);
      return Object.fromEntries(keys.map((key, i) => [String(key), values[i] as number]));
    });
  }

  setSeqs(seqs: Record<string, number>): Promise<void> {
    return this.#tx([SEQS], 'readwrite', (tx) => {
      const store = tx.objectStore(SEQS);
      for (const [conversationID, seq] of Object.entries(seqs)) store.put(seq, conversationID);
    });
  }
}
