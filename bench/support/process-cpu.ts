import { readFileSync } from 'node:fs';

/**
 * A process's CPU time (user and system, all its threads) in ms, from /proc/<pid>/stat: fields 14 and
 * 15, in clock ticks of 10 ms. The command name (field 2) is in parentheses and may hold spaces, so
 * fields are counted after it.
 */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A process's resident memory (RSS) in bytes, from /proc/<pid>/status. */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** A thread's time on a core and waiting in a run queue for one, in ms. */
export interface ThreadSchedule {
  runMs: number;
  waitMs: number;
}

/**
 * From /proc/<pid>/task/<tid>/schedstat (Linux, in ns: time run, time runnable but waiting for a core,
 * slices run). A process's main thread has the process's id. On a machine short of cores the wait shows
 * how long a thread that had work stood in line.
 */
export function threadSchedule(pid: number, tid = pid): ThreadSchedule {
  const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
  return { runMs: run! / 1e6, waitMs: wait! / 1e6 };
}
