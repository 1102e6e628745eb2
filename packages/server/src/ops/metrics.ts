import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MessageWriter } from '../message/message-store.ts';

/**
 * The node's Prometheus metrics (docs/operations.md#metrics), one registry per app so that two apps
 * in one process (tests) keep their own. Every series carries the node id as a label.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly sends: Counter;
  readonly sendSeconds: Histogram;
  readonly pushes: Counter;
  readonly busLag: Histogram;
  readonly busPublishFailures: Counter;

  /**
   * `processMetrics`: Node's own (CPU, memory, event loop, GC), collected only when /metrics is
   * served: they watch GC for the process's lifetime, which many apps in one test process must not pile up.
   */
  constructor(nodeId: string, options: { processMetrics?: boolean } = {}) {
    this.registry.setDefaultLabels({ node: nodeId });
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.sends = new Counter({ name: 'im_messages_stored_total', help: 'Messages stored', registers });
    this.sendSeconds = new Histogram({
      name: 'im_message_store_seconds',
      help: 'Time to store one message (seq assigned and committed)',
      // Finer from 5 to 100 ms, where a send's p99 lies under load (docs/decisions.md "The message hot path").
      buckets: [
        0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5,
      ],
      registers,
    });
    this.pushes = new Counter({
      name: 'im_pushes_total',
      help: "Push events delivered to this node's gateway (from any node)",
      registers,
    });
    this.busLag = new Histogram({
      name: 'im_bus_lag_seconds',
      help: 'From a publish on another node to its delivery here',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1],
      registers,
    });
    this.busPublishFailures = new Counter({
      name: 'im_bus_publish_failures_total',
      help: 'Bus events that could not reach Redis',
      registers,
    });
  }

  /** A gauge read when scraped (sockets held, pool connections). */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }
}

/** The message writer, timed and counted (the send path's latency is the store's). */
export function timedWriter(writer: MessageWriter, metrics: Metrics): MessageWriter {
  return {
    async store(draft, options) {
      const end = metrics.sendSeconds.startTimer();
      const result = await writer.store(draft, options);
      end();
      if (result.fresh) metrics.sends.inc();
      return result;
    },
  };
}
