/** Node socket errors of a database connection that went away or could not be made. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** PostgreSQL SQLSTATEs of a server going down or refusing connections (class 08 is checked apart). */
const PG_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres says when its connection ends or the pool cannot connect in time. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection closed',
];

/**
 * Whether a failure means the database could not be reached (a restart, a failover, a dropped
 * connection) rather than that the request was wrong: such a failure is retried once and then answered
 * 1008 UNAVAILABLE, which the sdk retries (docs/operations.md#database-outages).
 */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || PG_STATES.has(code) || code.startsWith('08')))
    return true;
  return PG_MESSAGES.some((text) => error.message.includes(text));
}
