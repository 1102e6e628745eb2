/**
 * How the memory bench lays sockets over server processes. A process holds a descriptor per socket,
 * so a size past its open-file limit (less room for the server's own files) cannot be one process's:
 * it is measured over the fewest nodes of one cluster that hold it (docs/decisions.md "Memory at
 * 50,000 sockets").
 */

/** Descriptors left to the server's own files, database and logs beside its sockets. */
export const FILE_HEADROOM = 1000;

/** The server processes `sockets` idle sockets need under an open-file limit of `limit`. */
export function nodesFor(sockets: number, limit: number): number {
  const perNode = limit - FILE_HEADROOM;
  if (perNode <= 0) throw new Error(`an open-file limit of ${limit} leaves no room for sockets`);
  return Math.ceil(sockets / perNode);
}

/**
 * `users` (the first at index `first` of the bench's users) grouped by the port each goes to: user i
 * to the (i mod n)th port, so that every node gets the same share whichever process opens them.
 */
export function byPort<T>(users: readonly T[], first: number, ports: readonly string[]): [string, T[]][] {
  const groups = ports.map((port): [string, T[]] => [port, []]);
  users.forEach((user, k) => groups[(first + k) % ports.length][1].push(user));
  return groups.filter(([, group]) => group.length > 0);
}
