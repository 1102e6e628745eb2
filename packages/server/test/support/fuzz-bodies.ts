import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import type { z } from 'zod';

/**
 * Bodies from a zod schema's neighbourhood, for the fuzz pass: mostly shaped like the schema (its
 * fields, near and past their bounds, sometimes real IDs so that the call goes deep), and at every
 * level sometimes something else: a wrong type, a huge or unicode string, a negative or huge number,
 * deep nesting, null.
 */
type Def = { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] } & Record<string, unknown>;

const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;
const checkValue = (def: Def, check: string, key: string): number | undefined => {
  const found = (def.checks ?? []).find((c) => c._zod.def.check === check);
  return found ? (found._zod.def[key] as number) : undefined;
};

/** A value nested `depth` levels deep (arrays and objects alternating). */
function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

const HOSTILE: unknown[] = [
  null,
  true,
  -1,
  0,
  -(2 ** 53),
  2 ** 53,
  9e15,
  1e308,
  -1e308,
  0.5,
  '',
  ' ',
  '\u0000',
  '\uD800',
  '🙂'.repeat(300),
  '𝕏'.repeat(70_000),
  'a'.repeat(200_000),
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  [],
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
  nested(64),
  nested(2_000),
  Array.from({ length: 5_000 }, (_, i) => i),
];

const hostile: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.anything({ maxDepth: 4, withBigInt: false, withBoxedValues: false, withNullPrototype: false }),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

function shaped(schema: z.ZodType, seeds: string[]): Arbitrary<unknown> {
  const def = defOf(schema);
  const walk = (child: unknown) => arbitraryNear(child as z.ZodType, seeds);
  switch (def.type) {
    case 'string': {
      const max =
        checkValue(def, 'max_length', 'maximum') ?? checkValue(def, 'length_equals', 'length') ?? 64;
      return fc.oneof(
        { weight: 3, arbitrary: seeds.length > 0 ? fc.constantFrom(...seeds) : fc.constant('x') },
        { weight: 3, arbitrary: fc.string({ maxLength: Math.min(max, 40) }) },
        { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: Math.min(max, 20) }) },
        { weight: 1, arbitrary: fc.constant('y'.repeat(max + 1)) },
        { weight: 1, arbitrary: fc.constant('é'.repeat(max)) },
        { weight: 1, arbitrary: fc.stringMatching(/^\d{1,16}$/) },
      );
    }
    case 'number':
      return fc.oneof(
        fc.integer({ min: -5, max: 100 }),
        fc.integer(),
        fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 53, 9e15, 1e308, 0.5, -0.0),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'array': {
      const max = checkValue(def, 'max_length', 'maximum') ?? 10;
      return fc.oneof(
        { weight: 5, arbitrary: fc.array(walk(def.element), { maxLength: Math.min(max, 6) }) },
        {
          weight: 1,
          arbitrary: fc.constant(Array.from({ length: max + 1 }, (_, i) => seeds[i % seeds.length] ?? 'x')),
        },
      );
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, child]) => [key, walk(child)]));
      return fc.oneof(
        { weight: 4, arbitrary: fc.record(fields) },
        { weight: 4, arbitrary: fc.record(fields, { requiredKeys: [] }) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              fc.record(fields, { requiredKeys: [] }),
              fc.dictionary(fc.string({ maxLength: 12 }), hostile),
            )
            .map(([known, extra]) => ({ ...extra, ...known })),
        },
      );
    }
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(walk));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 4, arbitrary: walk(def.innerType) },
      );
    case 'pipe':
      return walk(def.in);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 70 }), hostile, { maxKeys: 20 });
    default:
      return fc.anything({ maxDepth: 3 });
  }
}

/** A value near the schema: shaped like it nine times in ten, anything hostile otherwise. */
export function arbitraryNear(schema: z.ZodType, seeds: string[]): Arbitrary<unknown> {
  return fc.oneof({ weight: 9, arbitrary: shaped(schema, seeds) }, { weight: 1, arbitrary: hostile });
}

/** `count` bodies for the schema, reproducible by seed. */
export function bodiesNear(schema: z.ZodType, seeds: string[], count: number, seed: number): unknown[] {
  return fc.sample(arbitraryNear(schema, seeds), { numRuns: count, seed });
}
