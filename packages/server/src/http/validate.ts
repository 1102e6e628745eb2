import { ErrCode } from '@im/protocol';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Every input goes through its zod schema; a refusal is 1001 naming the first bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new AppError(ErrCode.ARGS, { detail: `${where}${issue?.message ?? 'invalid'}` });
}
