import { mkdirSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { machineSpeed } from '../support/machine-speed.ts';
import { round } from './stats.ts';

/** What a load bench is asked for: clients, the send rates to step through, seconds per rate. */
export interface LoadOptions {
  clients: number;
  rates: number[];
  seconds: number;
}

/** `--clients N --rates a,b,c --seconds S`, each falling back to the bench's own default. */
export function parseLoadOptions(args: string[], defaults: { rates: string; seconds: string }): LoadOptions {
  const value = (flag: string, fallback: string) => {
    const at = args.indexOf(flag);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  return {
    clients: Number(value('--clients', '1000')),
    rates: value('--rates', defaults.rates).split(',').map(Number),
    seconds: Number(value('--seconds', defaults.seconds)),
  };
}

/** bench/results, made when missing: where every bench writes its figures. */
export function resultsDir(): string {
  const dir = fileURLToPath(new URL('../results', import.meta.url));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The machine a figure was measured on, written beside it. */
export function describeMachine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memGiB: round(totalmem() / 2 ** 30),
    node: process.version,
    /** The 1-minute load average as the figures were written: other work on the cores shows here. */
    loadAvg1: round(loadavg()[0]),
    /** Ms of a fixed piece of work as the figures were written (machine-speed.ts): a slow hour shows here. */
    speedMs: machineSpeed().ms,
  };
}
