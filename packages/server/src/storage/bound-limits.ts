/**
 * A statement's bound LIMIT and OFFSET as `CAST(? AS INTEGER)` (docs/decisions.md#reconnect-storm).
 * SQLite (3.53, node:sqlite's) reads the value bound to a bare `LIMIT ?` or `OFFSET ?` while it plans
 * the statement, so any binding there (even of the same value) marks the prepared statement expired,
 * and its next run compiles it again: the conversation list's page, prepared once, was compiled anew on every call
 * (~0.2 ms of a reconnect storm's CPU per client, ~15 times its run). An expression there is not read
 * at plan time; the cast keeps the value an integer, as a bare parameter must be. Only `?` placeholders
 * are SQLite's (Kysely's SQLite dialect writes no numbered ones).
 */
export function castBoundLimits(sql: string): string {
  return sql.replace(
    /\b(limit|offset)(\s+)\?/gi,
    (_, word: string, space: string) => `${word}${space}CAST(? AS INTEGER)`,
  );
}
