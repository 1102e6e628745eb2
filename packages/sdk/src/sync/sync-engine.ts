import type { MessageItem } from '@im/protocol';
import { ApiError, SdkErrCode } from '../api-error.ts';
import { StoreMeta } from '../store/local-store.ts';
import type { LocalStore } from '../store/local-store.ts';
import { Deduper } from './deduper.ts';
import { DEFAULT_PULL_PAGE_SIZE, planPulls, rangeSize } from './seq-planner.ts';
import type { SeqRange } from './seq-planner.ts';
import { SeqState } from './seq-state.ts';
import { SyncProgress } from './sync-progress.ts';
import type { SyncSource } from './sync-source.ts';

export type SyncEvent =
  | { type: 'start'; reinstall: boolean }
  | { type: 'progress'; reinstall: boolean; progress: number }
  | { type: 'finish'; reinstall: boolean }
  | { type: 'failed'; reinstall: boolean; errCode: number; errMsg: string };

export interface SyncEngineOptions {
  store: LocalStore;
  source: SyncSource;
  /** Seqs per pull request. */
  pageSize?: number;
  /**
   * How many of the newest messages per conversation a reinstall pulls; older history is fetched
   * page by page when the chat scrolls (getAdvancedHistoryMessageList). Infinity pulls everything.
   */
  reinstallDepth?: number;
  /** New messages, each once, stored before this is called, in seq order per conversation. */
  deliver: (messages: MessageItem[]) => Promise<void> | void;
  /** Runs inside a full sync after the messages (the conversation list); reports 0–1 as it goes. */
  afterPull?: (reinstall: boolean, report: (fraction: number) => void) => Promise<void>;
  onEvent?: (event: SyncEvent) => void;
}

export const DEFAULT_REINSTALL_DEPTH = 100;

/** Progress bands of a full sync: max seqs, then the pulls, then afterPull. */
const PULL_FROM = 0.05;
const PULL_TO = 0.9;

/**
 * One sync mechanism (docs/sdk.md#sync-rules) for pushes, start-ups and reconnects. All work runs one
 * job at a time on a queue, so a push never races a pull over the same seqs.
 */
export class SyncEngine {
  #options: SyncEngineOptions;
  #seqs = new SeqState();
  #dedupe = new Deduper();
  #queue: Promise<unknown> = Promise.resolve();
  #fullSyncQueued = false;
  #queuedLoud = false;

  constructor(options: SyncEngineOptions) {
    this.#options = options;
  }

  /** Loads the seqs this device holds. */
  async load(): Promise<void> {
    this.#seqs = new SeqState(await this.#options.store.getSeqs());
  }

  knownSeq(conversationID: string): number {
    return this.#seqs.known(conversationID);
  }

  /** A pushed stored message: delivered now, or after the gap in front of it is pulled. */
  push(message: MessageItem): Promise<void> {
    return this.#enqueue(async () => {
      await this.#accept(this.#seqs.offer([message]));
      await this.#fillGaps();
    });
  }

  /** The stored copy of an own send (the send's answer): kept and counted, not delivered as new. */
  acceptOwn(message: MessageItem): Promise<void> {
    this.#dedupe.mark(message);
    return this.push(message);
  }

  /**
   * The answer to an own send, kept on the queue: a push in front of it (a read mark whose gap pull
   * brought the stored copy, a burn) may have changed the copy held here since the answer came, so
   * `merge` gets what the store holds at the moment of writing. Counted, never delivered as new.
   * Answers the copy kept.
   */
  keepOwnAnswer(
    answer: MessageItem,
    merge: (answer: MessageItem, held: MessageItem | undefined) => MessageItem,
  ): Promise<MessageItem> {
    this.#dedupe.mark(answer);
    return this.#enqueue(async () => {
      const kept = merge(answer, await this.#options.store.getMessage(answer.clientMsgID));
      // A pushed copy already waiting behind a gap gives way to the merged one.
      const ready = this.#seqs.offer([kept]).map((m) => (m.clientMsgID === kept.clientMsgID ? kept : m));
      // Kept in the store once: with the messages it makes contiguous, or alone when a gap is ahead.
      if (!ready.includes(kept)) await this.#options.store.putMessages([kept]);
      await this.#accept(ready);
      await this.#fillGaps();
      return kept;
    });
  }

  /** Messages the app has already been shown another way (history pages): never delivered as new. */
  markSeen(messages: MessageItem[]): void {
    for (const message of messages) this.#dedupe.mark(message);
  }

  /** True the first time an online-only message (no seq) is seen. */
  firstOnlineOnly(message: MessageItem): boolean {
    return this.#dedupe.first(message);
  }

  /**
   * Compares with the server's max seqs and pulls what is missing, in pages. With an empty store
   * this is the reinstall sync. A call while one is already waiting to run is merged into it.
   * Resolves true on success; failures are reported as a 'failed' event. A quiet sync (the periodic
   * check for a lost last push) emits no events and skips afterPull.
   */
  syncAll(options: { quiet?: boolean } = {}): Promise<boolean> {
    if (!options.quiet) this.#queuedLoud = true;
    if (this.#fullSyncQueued) return this.#queue.then(() => true);
    this.#fullSyncQueued = true;
    return this.#enqueue(async () => {
      const quiet = !this.#queuedLoud;
      this.#fullSyncQueued = this.#queuedLoud = false;
      return this.#runFullSync(quiet);
    }) as Promise<boolean>;
  }

  /** Resolves once all queued work is done (tests, logout). */
  idle(): Promise<void> {
    return this.#queue.then(() => undefined);
  }

  #enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(job, job);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #runFullSync(quiet: boolean): Promise<boolean> {
    const { store, onEvent } = this.#options;
    const reinstall = !(await store.getMeta<boolean>(StoreMeta.initialized));
    const emit = (event: SyncEvent) => (quiet && !reinstall ? undefined : onEvent?.(event));
    const progress = new SyncProgress((value) => emit({ type: 'progress', reinstall, progress: value }));
    emit({ type: 'start', reinstall });
    progress.set(0);
    try {
      const pages = planPulls(await this.#plan(reinstall), this.#options.pageSize ?? DEFAULT_PULL_PAGE_SIZE);
      progress.set(PULL_FROM);
      for (const [index, page] of pages.entries()) {
        await this.#pull(page, !reinstall);
        progress.band(PULL_FROM, PULL_TO, index + 1, pages.length);
      }
      if (!quiet || reinstall)
        await this.#options.afterPull?.(reinstall, (fraction) => progress.band(PULL_TO, 1, fraction, 1));
      if (reinstall) await store.setMeta(StoreMeta.initialized, true);
      progress.finish();
      emit({ type: 'finish', reinstall });
      return true;
    } catch (error) {
      const { errCode, errMsg } =
        error instanceof ApiError ? error : new ApiError(SdkErrCode.NETWORK, String(error));
      emit({ type: 'failed', reinstall, errCode, errMsg });
      return false;
    }
  }

  /** The ranges missing against the server's max seqs; drops what the user cleared (minSeq). */
  async #plan(reinstall: boolean): Promise<SeqRange[]> {
    const { maxSeqs, minSeqs } = await this.#options.source.getMaxSeqs();
    const depth = this.#options.reinstallDepth ?? DEFAULT_REINSTALL_DEPTH;
    const gaps: SeqRange[] = [];
    for (const [conversationID, max] of Object.entries(maxSeqs)) {
      const min = minSeqs?.[conversationID] ?? 0;
      if (min > 0) await this.#options.store.deleteMessages(conversationID, min);
      // A reinstall starts `depth` below the end: what lies under it is history, paged on demand.
      const floor = Math.max(min, reinstall ? max - depth : 0);
      this.#seqs.raiseTo(conversationID, floor);
      const begin = this.#seqs.known(conversationID) + 1;
      if (begin <= max) gaps.push({ conversationID, begin, end: max });
    }
    await this.#saveSeqs();
    return gaps;
  }

  /** Pulls the ranges that are in front of messages waiting ahead of a gap. */
  async #fillGaps(): Promise<void> {
    const gaps = this.#seqs.gaps();
    if (gaps.length === 0) return;
    for (const page of planPulls(gaps, this.#options.pageSize ?? DEFAULT_PULL_PAGE_SIZE)) {
      // A failed gap pull leaves the waiting messages where they are; the next full sync fills them.
      const ok = await this.#pull(page, true).then(
        () => true,
        () => false,
      );
      if (!ok) return;
    }
  }

  async #pull(page: SeqRange[], deliver: boolean): Promise<void> {
    if (rangeSize(page) === 0) return;
    const answered = await this.#options.source.pullMsgs(page);
    const ready = this.#seqs.offer(Object.values(answered ?? {}).flat());
    for (const range of page) ready.push(...this.#seqs.cover(range.conversationID, range.end));
    await this.#accept(ready, deliver);
  }

  /** Stores messages that became contiguous and hands the new ones to the app. */
  async #accept(messages: MessageItem[], deliver = true): Promise<void> {
    if (messages.length === 0) return;
    await this.#options.store.putMessages(messages);
    await this.#saveSeqs();
    const fresh = messages.filter((message) => this.#dedupe.first(message));
    if (deliver && fresh.length) await this.#options.deliver(fresh);
  }

  async #saveSeqs(): Promise<void> {
    const changed = this.#seqs.takeChanged();
    if (Object.keys(changed).length) await this.#options.store.setSeqs(changed);
  }
}
