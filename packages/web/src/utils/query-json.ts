/**
 * Reading an object carried as JSON in a query (the /applicationDetails `application`): its fields
 * are checked one by one, as a hand-edited link may hold anything.
 */

/** The object `raw` holds as JSON; null when it is missing, not JSON or not an object. */
export function parseQueryObject<T>(raw: string | null): Partial<T> | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null ? (value as Partial<T>) : null;
}

/** An ID field: a non-empty string. */
export function isQueryID(x: unknown): x is string {
  return typeof x === 'string' && x !== '';
}

/** A text field, '' when missing or not a string. */
export const queryText = (x: unknown): string => (typeof x === 'string' ? x : '');

/** A number field, 0 when missing or not a finite number. */
export const queryNumber = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
