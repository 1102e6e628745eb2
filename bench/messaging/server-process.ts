import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../packages/server/src/ops/gc-tuning.ts';
import { processCpuMs, residentBytes, threadSchedule } from '../support/process-cpu.ts';
import type { ThreadSchedule } from '../support/process-cpu.ts';

const entry = fileURLToPath(new URL('../../packages/server/src/server.ts', import.meta.url));

export interface ServerProcess {
  port: number;
  pid: number;
  /** Resident memory of the server process, in MiB (from /proc). */
  rssMiB(): number;
  /** CPU time the server process has used so far (all its threads), in ms (from /proc). */
  cpuMs(): number;
  /** Its event loop's thread: time run and time waited for a core so far. */
  eventLoopSchedule(): ThreadSchedule;
  /** Its /metrics text (ops/metrics.ts), read with the token it was started with. */
  metrics(): Promise<string>;
  stop(): Promise<void>;
}

/** The real server as its own process (what `npm start` runs), on loopback. */
export async function startServerProcess(
  env: Record<string, string>,
  benchNodeArgs: string[] = [],
): Promise<ServerProcess> {
  // BENCH_SERVER_NODE_ARGS passes flags to the server's node (e.g. --cpu-prof) for profiling.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const metricsToken = randomBytes(16).toString('hex');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...benchNodeArgs, ...nodeArgs, entry], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      METRICS_TOKEN: metricsToken,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /open http:\/\/[^:]+:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    port,
    pid: child.pid ?? 0,
    rssMiB: () => Math.round(residentBytes(child.pid ?? 0) / 2 ** 20),
    cpuMs: () => processCpuMs(child.pid ?? 0),
    eventLoopSchedule: () => threadSchedule(child.pid ?? 0),
    async metrics() {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
      return response.text();
    },
    // Once it has exited (a profiled run stops it early to read the profile), stopping again is a no-op.
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
