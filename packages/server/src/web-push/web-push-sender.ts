import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import type { PushPayload } from '@im/protocol';
import type { FastifyBaseLogger } from 'fastify';
import webPush, { WebPushError } from 'web-push';
import type { StoredSubscription, SubscriptionStore } from './subscription-store.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface WebPushSenderOptions {
  /** TLS agent for the push services (tests trust their own local endpoint's certificate with it). */
  agent?: Agent;
  /** Pushes waiting at most; beyond it new ones are dropped (and logged), never the message path. */
  maxQueue?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Retries of a push the service could not take (429, 5xx, network), waiting 1, 2, 4… × firstRetryMs. */
  retries?: number;
  firstRetryMs?: number;
  timeoutMs?: number;
}

interface Job {
  subscription: StoredSubscription;
  payload: PushPayload;
  urgency: 'high' | 'normal';
  ttlS: number;
  attempt: number;
}

/** Push services allow a topic of at most 32 base64url characters; equal topics replace each other. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * Sends pushes with the `web-push` library (docs/decisions.md#web-push): a bounded queue worked off
 * in the background with retries and backoff, so that a slow or failing push service never holds up
 * a message. A subscription the service says is gone (404/410) is deleted.
 */
export class WebPushSender {
  readonly #queue: Job[] = [];
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  #running = 0;
  #closed = false;
  readonly #options: Required<Omit<WebPushSenderOptions, 'agent'>> & { agent?: Agent };

  readonly #vapid: VapidKeys & { subject: string };
  readonly #store: SubscriptionStore;
  readonly #log: FastifyBaseLogger;

  constructor(
    vapid: VapidKeys & { subject: string },
    store: SubscriptionStore,
    log: FastifyBaseLogger,
    options: WebPushSenderOptions = {},
  ) {
    this.#vapid = vapid;
    this.#store = store;
    this.#log = log;
    this.#options = {
      maxQueue: 10_000,
      concurrency: 8,
      retries: 4,
      firstRetryMs: 1000,
      timeoutMs: 10_000,
      ...options,
    };
  }

  enqueue(
    subscription: StoredSubscription,
    payload: PushPayload,
    urgency: 'high' | 'normal',
    ttlS: number,
  ): void {
    if (this.#closed) return;
    if (this.#queue.length >= this.#options.maxQueue) {
      this.#log.warn(
        { endpointHost: new URL(subscription.endpoint).host },
        'web push queue full: push dropped',
      );
      return;
    }
    this.#queue.push({ subscription, payload, urgency, ttlS, attempt: 0 });
    this.#pump();
  }

  close(): void {
    this.#closed = true;
    this.#queue.length = 0;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #pump(): void {
    while (!this.#closed && this.#running < this.#options.concurrency && this.#queue.length > 0) {
      const job = this.#queue.shift()!;
      this.#running += 1;
      void this.#send(job).finally(() => {
        this.#running -= 1;
        this.#pump();
      });
    }
  }

  async #send(job: Job): Promise<void> {
    const { subscription } = job;
    try {
      await webPush.sendNotification(
        { endpoint: subscription.endpoint, keys: subscription.keys },
        JSON.stringify(job.payload),
        {
          vapidDetails: this.#vapid,
          TTL: job.ttlS,
          urgency: job.urgency,
          topic: topicOf(job.payload.tag),
          timeout: this.#options.timeoutMs,
          ...(this.#options.agent ? { agent: this.#options.agent } : {}),
        },
      );
    } catch (error) {
      await this.#failed(job, error);
    }
  }

  async #failed(job: Job, error: unknown): Promise<void> {
    const status = error instanceof WebPushError ? error.statusCode : 0;
    if (status === 404 || status === 410) {
      await this.#store
        .expire(job.subscription.endpoint)
        .catch((e: unknown) => this.#log.warn(e, 'expire failed'));
      return;
    }
    const retryable = status === 0 || status === 429 || status >= 500;
    if (!retryable || job.attempt >= this.#options.retries) {
      this.#log.warn({ status, attempt: job.attempt, err: error }, 'web push not delivered');
      return;
    }
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        if (this.#closed) return;
        this.#queue.push({ ...job, attempt: job.attempt + 1 });
        this.#pump();
      },
      this.#options.firstRetryMs * 2 ** job.attempt,
    );
    this.#timers.add(timer);
  }
}
