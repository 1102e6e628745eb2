import { readFileSync } from 'node:fs';

/**
 * The kernel's count of connections dropped because a listening socket's accept queue was full
 * (TcpExt ListenOverflows in /proc/net/netstat, for the whole network namespace: the bench's
 * loopback). A dropped SYN is sent again after 1, 3, 7 … s, so a storm that overflows the queue opens
 * sockets late however fast the server works afterwards. Undefined where the file is not there.
 */
export function listenOverflows(): number | undefined {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const header = lines.findIndex((line) => line.startsWith('TcpExt:'));
    const names = lines[header]!.split(/\s+/);
    const values = lines[header + 1]!.split(/\s+/);
    const at = names.indexOf('ListenOverflows');
    return at > 0 ? Number(values[at]) : undefined;
  } catch {
    return undefined;
  }
}

/** How many of the moments (ms from the storm's start) fall in each whole second: "0-1 s: 812, …". */
export function perSecond(momentsMs: number[]): string {
  const counts: number[] = [];
  for (const ms of momentsMs) {
    if (ms < 0) continue;
    const second = Math.floor(ms / 1000);
    counts[second] = (counts[second] ?? 0) + 1;
  }
  return Array.from(counts, (n, s) => `${s}–${s + 1} s: ${n ?? 0}`).join(', ');
}
