import { ErrCode } from '@im/protocol';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Whether any string (value or key) in the input holds a NUL character. PostgreSQL text cannot store
 * one (the query fails, a 500), and no field of the protocol needs it; found by the fuzz pass
 * (test/fuzz.test.ts). Iterative, so deep nesting costs no stack.
 */
function hasNul(input: unknown): boolean {
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (value !== null && typeof value === 'object') {
      // for…in rather than Object.entries: no array per key on every request's walk.
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        if (key.includes('\u0000')) return true;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** Every input goes through its zod schema; a refusal is 1001 naming the first bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (hasNul(input)) throw new AppError(ErrCode.ARGS, { detail: 'a string holds a NUL character' });
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new AppError(ErrCode.ARGS, { detail: `${where}${issue?.message ?? 'invalid'}` });
}
