import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { BUS_TOPICS } from './bus.ts';
import type { Bus, BusEvents, PushEvent } from './bus.ts';
import { pushFromWire, pushToWire } from './push-wire.ts';
import type { GroupListResolver } from './push-wire.ts';

/** What travels on a channel: the publishing node (so it skips its own copy), when, and the event. */
interface Envelope {
  n: string;
  t: number;
  p: unknown[];
}

export interface RedisBusOptions {
  /** Commands (publish). */
  redis: Redis;
  /** A connection in subscriber mode (ioredis allows nothing else on it). */
  subscriber: Redis;
  /** Key and channel prefix (REDIS_PREFIX), so that several installs or test runs share one Redis. */
  prefix: string;
  nodeId: string;
  log: FastifyBaseLogger;
  /** Seconds between a publish and its delivery on another node (metrics). */
  onLag?: (seconds: number) => void;
  /** An event that could not reach Redis (metrics). */
  onPublishFailed?: () => void;
  /**
   * This node's group member lists: with it, a push to a group's kept list travels as the group's
   * reference (bus/push-wire.ts), and a received one is delivered to this node's list.
   */
  groupLists?: GroupListResolver;
}

/**
 * The bus across nodes (docs/decisions.md#scale-out-redis): an event is delivered on the publishing
 * node at once (as the in-process bus does, so one node keeps its ordering and survives a Redis
 * outage) and published on Redis pub/sub, where every other node delivers it to the sockets it holds.
 * Each node therefore sees each event once. While Redis is away the cross-node copy is lost; clients
 * fill such gaps by seq when they pull (docs/api.md sync), which is why a push is never the only copy.
 */
export class RedisBus implements Bus {
  /** Pub/sub keeps nothing for a subscriber that is reconnecting. */
  readonly canLoseEvents = true;
  readonly #local = new EventEmitter<BusEvents>();
  readonly #options: RedisBusOptions;
  readonly #channels: Map<string, keyof BusEvents>;
  #failing = false;
  /** Received events wait here, in order, behind one whose group list is being read. */
  #inbound: Promise<void> | null = null;

  constructor(options: RedisBusOptions) {
    this.#options = options;
    this.#channels = new Map(BUS_TOPICS.map((topic) => [`${options.prefix}bus:${topic}`, topic]));
    options.subscriber.on('message', (channel: string, text: string) => this.#received(channel, text));
  }

  /** Subscribes to every topic's channel; resolves once Redis confirmed. */
  async start(): Promise<void> {
    await this.#options.subscriber.subscribe(...this.#channels.keys());
  }

  publish<K extends keyof BusEvents>(topic: K, ...payload: BusEvents[K]): void {
    this.#emit(topic, payload);
    const { redis, prefix, nodeId, log } = this.#options;
    const wire =
      topic === 'push' && this.#options.groupLists ? [pushToWire(payload[0] as PushEvent)] : payload;
    const envelope: Envelope = { n: nodeId, t: Date.now(), p: wire };
    redis.publish(`${prefix}bus:${topic}`, JSON.stringify(envelope)).then(
      () => (this.#failing = false),
      (error: unknown) => {
        this.#options.onPublishFailed?.();
        // Once per outage: the metric counts every lost event.
        if (!this.#failing)
          log.warn({ err: error, topic }, 'bus publish to redis failed; other nodes miss events');
        this.#failing = true;
      },
    );
  }

  subscribe<K extends keyof BusEvents>(topic: K, listener: (...payload: BusEvents[K]) => void): void {
    (this.#local.on as (topic: K, l: (...args: BusEvents[K]) => void) => void)(topic, listener);
  }

  async close(): Promise<void> {
    this.#local.removeAllListeners();
  }

  #received(channel: string, text: string): void {
    const topic = this.#channels.get(channel);
    if (!topic) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.n === this.#options.nodeId || !Array.isArray(envelope.p)) return;
    this.#options.onLag?.(Math.max(0, Date.now() - envelope.t) / 1000);
    const { groupLists } = this.#options;
    const payload =
      topic === 'push' && groupLists
        ? asPayload(pushFromWire(envelope.p[0] as PushEvent, groupLists))
        : (envelope.p as BusEvents[typeof topic]);
    if (!this.#inbound && !(payload instanceof Promise)) this.#emit(topic, payload);
    else this.#deliverInOrder(topic, payload);
  }

  /**
   * Behind the events before it: a push whose group list this node reads from its database holds
   * the events after it, so that each node delivers them in the order they were published.
   */
  #deliverInOrder<K extends keyof BusEvents>(
    topic: K,
    payload: BusEvents[K] | Promise<BusEvents[K] | undefined>,
  ): void {
    const next = (this.#inbound ?? Promise.resolve())
      .then(() => payload)
      .then(
        (ready) => {
          if (ready) this.#emit(topic, ready);
        },
        // As when Redis lost it: the clients fill the gap by seq when they pull.
        (error: unknown) =>
          this.#options.log.warn({ err: error, topic }, 'bus: a group push was not delivered'),
      );
    this.#inbound = next;
    void next.finally(() => {
      if (this.#inbound === next) this.#inbound = null;
    });
  }

  #emit<K extends keyof BusEvents>(topic: K, payload: BusEvents[K]): void {
    try {
      (this.#local.emit as (topic: K, ...args: BusEvents[K]) => boolean)(topic, ...payload);
    } catch (error) {
      // One failing listener must not stop the others' deliveries nor the subscriber connection.
      this.#options.log.error({ err: error, topic }, 'bus listener failed');
    }
  }
}

/** A push (or the promise of one) as the bus's payload: its only argument. */
function asPayload(
  event: PushEvent | Promise<PushEvent | undefined>,
): BusEvents['push'] | Promise<BusEvents['push'] | undefined> {
  return event instanceof Promise ? event.then((ready) => ready && [ready]) : [event];
}
