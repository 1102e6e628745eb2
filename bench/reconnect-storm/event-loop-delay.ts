import { round } from '../messaging/stats.ts';

export interface EventLoopDelay {
  p99Ms: number;
  maxMs: number;
}

/**
 * The server's event-loop delay since the last read: Node's `monitorEventLoopDelay` (10 ms
 * resolution), as the server's /metrics reports it (prom-client resets it at each scrape). Read once
 * before the storm and once after, it says how long the server went without turning to its sockets
 * and timers while the storm lasted (docs/decisions.md#reconnect-storm).
 */
export async function readEventLoopDelay(port: number, token: string): Promise<EventLoopDelay> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  const seconds = (name: string) => {
    const line = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
    if (!line) throw new Error(`/metrics has no ${name}`);
    return round(Number(line[1]) * 1000);
  };
  return {
    p99Ms: seconds('nodejs_eventloop_lag_p99_seconds'),
    maxMs: seconds('nodejs_eventloop_lag_max_seconds'),
  };
}
