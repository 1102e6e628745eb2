import type { MessageItem } from '@im/protocol';

const OBJECT_URL = /^\/api\/object\/([0-9a-f]{32}\.[a-z0-9]{1,5})$/;

/**
 * The names of the uploads a message refers to: every `/api/object/<name>` string anywhere in its
 * element (a picture's source and thumbnail, a quote's or a merged forward's copies included).
 */
export function referencedUploads(item: MessageItem): string[] {
  const names = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > 8) return;
    if (typeof value === 'string') {
      const match = OBJECT_URL.exec(value);
      if (match) names.add(match[1]);
    } else if (Array.isArray(value)) for (const v of value) walk(v, depth + 1);
    else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v, depth + 1);
  };
  for (const [key, value] of Object.entries(item)) if (key.endsWith('Elem')) walk(value, 0);
  return [...names];
}
