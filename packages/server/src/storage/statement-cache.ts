import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { castBoundLimits } from './bound-limits.ts';

/**
 * A background thread's prepared statements by SQL text (the search index's and the reads' threads):
 * each is prepared once, its bound LIMIT and OFFSET cast (bound-limits.ts), and the cache starts
 * over past `max`, so that statements built from many shapes never pile up.
 */
export function statementCache(db: DatabaseSync, max: number): (sql: string) => StatementSync {
  const statements = new Map<string, StatementSync>();
  return (sql) => {
    let found = statements.get(sql);
    if (!found) {
      found = db.prepare(castBoundLimits(sql));
      if (statements.size >= max) statements.clear();
      statements.set(sql, found);
    }
    return found;
  };
}
