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
