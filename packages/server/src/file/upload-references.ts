import type { MessageItem } from '@im/protocol';

const OBJECT_PATH = '/api/object/';
const OBJECT_URL = /^\/api\/object\/([0-9a-f]{32}\.[a-z0-9]{1,5})$/;
const NONE: readonly string[] = Object.freeze([]);

/** Adds the upload named by each `/api/object/<name>` string under `value` to `names` (made on the first). */
function collect(value: unknown, depth: number, names: Set<string> | undefined): Set<string> | undefined {
  if (depth > 8) return names;
  if (typeof value === 'string') {
    const match = value.startsWith(OBJECT_PATH) ? OBJECT_URL.exec(value) : null;
    if (match) (names ??= new Set()).add(match[1]);
  } else if (Array.isArray(value)) {
    for (const item of value) names = collect(item, depth + 1, names);
  } else if (value && typeof value === 'object') {
    for (const key in value)
      if (Object.hasOwn(value, key))
        names = collect((value as Record<string, unknown>)[key], depth + 1, names);
  }
  return names;
}

/**
 * The names of the uploads a message refers to: every `/api/object/<name>` string anywhere in its
 * element (a picture's source and thumbnail, a quote's or a merged forward's copies included).
 * Every stored message passes here (app.ts), most of them texts that refer to nothing: that walk
 * allocates nothing (no entry arrays, no set), where Object.entries and Object.values had been
 * ~5 % of the bytes a send allocated (docs/decisions.md "The message hot path").
 */
export function referencedUploads(item: MessageItem): readonly string[] {
  let names: Set<string> | undefined;
  for (const key in item)
    if (key.endsWith('Elem') && Object.hasOwn(item, key))
      names = collect(item[key as keyof MessageItem], 0, names);
  return names ? [...names] : NONE;
}
