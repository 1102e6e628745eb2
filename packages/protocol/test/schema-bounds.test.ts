import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as protocol from '../src/index.ts';

/**
 * Every string and every list of every request schema has a maximum (docs/operations.md#validation):
 * a body is never bigger than the limits say, whatever the transport's own limit is. Free-form values
 * (`unknown`) must carry a check of their own (a size refine), except the gateway frame's `data`,
 * which its request's schema parses again.
 */
type Def = { type: string; checks?: { _zod: { def: { check: string } } }[] } & Record<string, unknown>;

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const hasCheck = (def: Def, check: string) => (def.checks ?? []).some((c) => c._zod.def.check === check);

function unbounded(schema: z.ZodType, path: string, out: string[], seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, where: string) => unbounded(child as z.ZodType, where, out, seen);
  switch (def.type) {
    case 'string':
      if (!hasCheck(def, 'max_length') && !hasCheck(def, 'length_equals')) out.push(`${path}: string`);
      break;
    case 'array':
      if (!hasCheck(def, 'max_length')) out.push(`${path}: array`);
      walk(def.element, `${path}[]`);
      break;
    case 'record':
      if (!hasCheck(def, 'custom')) out.push(`${path}: record without a size check`);
      walk(def.keyType, `${path}{key}`);
      // Free-form values are bounded by the record's own check (its JSON size).
      if (!hasCheck(def, 'custom') || defOf(def.valueType as z.ZodType).type !== 'unknown')
        walk(def.valueType, `${path}{value}`);
      break;
    case 'unknown':
    case 'any':
      if (!hasCheck(def, 'custom') && !path.endsWith('wsRequestSchema.data'))
        out.push(`${path}: ${def.type}`);
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>))
        walk(child, `${path}.${key}`);
      break;
    case 'union':
      (def.options as unknown[]).forEach((option, i) => walk(option, `${path}|${i}`));
      break;
    case 'pipe':
      walk(def.in, path);
      walk(def.out, path);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      walk(def.innerType, path);
      break;
    default:
      break;
  }
  return out;
}

const schemas: [string, z.ZodType][] = [
  ...(Object.entries(protocol) as [string, unknown][]).filter(
    (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
  ),
  ...Object.entries(protocol.messageContentSchemas).map(
    ([type, schema]) => [`messageContentSchemas[${type}]`, schema] as [string, z.ZodType],
  ),
  ...Object.entries(protocol.gatewayRequests).map(
    ([id, entry]) => [`gatewayRequests[${id}]`, entry.schema] as [string, z.ZodType],
  ),
];

describe('schema bounds', () => {
  it('finds the request schemas', () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  it.each(schemas)('%s bounds every string and list', (name, schema) => {
    expect(unbounded(schema, name, [])).toEqual([]);
  });

  it('the walker sees an unbounded string, list and record', () => {
    const loose = z.object({
      a: z.string(),
      b: z.array(z.string().max(1)).max(1),
      c: z.record(z.string(), z.number()),
    });
    expect(unbounded(loose, 'x', [])).toEqual([
      'x.a: string',
      'x.c: record without a size check',
      'x.c{key}: string',
    ]);
  });
});
