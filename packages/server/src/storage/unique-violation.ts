/** Whether an insert failed on a unique constraint (PostgreSQL 23505, SQLite "UNIQUE constraint failed"). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '23505' || /UNIQUE constraint failed/i.test(String(message ?? ''));
}
