import { round } from './stats.ts';

/** CPU over one step of the messaging bench, in ms, and what it carried. */
export interface StepCpuInput {
  /** The server's process, all threads. */
  serverCpuMs: number;
  /** The client processes together. */
  clientCpuMs: number;
  /** Messages sent in the step. */
  sent: number;
  /** The step's length, in ms. */
  elapsedMs: number;
}

export interface StepCpu {
  serverCpuUsPerMsg: number;
  serverCpuPercent: number;
  clientCpuPercent: number;
  clientCpuUsPerMsg: number;
  /**
   * The server's CPU a message over the clients'. The clients do the same work for each message in
   * every run, so theirs follows the machine's speed over the step; this ratio is the server's cost
   * with that speed divided out (bench/README.md). 0 when either side has nothing to show.
   */
  serverToClientCpu: number;
}

/** The step's CPU figures, per message and as shares of one core. */
export function stepCpu({ serverCpuMs, clientCpuMs, sent, elapsedMs }: StepCpuInput): StepCpu {
  const share = (ms: number) => (elapsedMs > 0 ? round((ms / elapsedMs) * 100, 0) : 0);
  const perMessage = (ms: number) => (sent > 0 ? (ms * 1000) / sent : 0);
  const [server, clients] = [perMessage(serverCpuMs), perMessage(clientCpuMs)];
  return {
    serverCpuUsPerMsg: round(server, 0),
    serverCpuPercent: share(serverCpuMs),
    clientCpuPercent: share(clientCpuMs),
    clientCpuUsPerMsg: round(clients, 1),
    serverToClientCpu: server > 0 && clients > 0 ? round(server / clients, 2) : 0,
  };
}
