import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/locales/en';
import { zhCN } from '../src/i18n/locales/zh-CN';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a catalogue as 'a.b.c' → text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  const english = leaves(en);
  const chinese = leaves(zhCN);

  it('en and zh-CN have exactly the same keys, at every depth', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('no text is empty', () => {
    for (const [key, text] of [...english, ...chinese]) expect(text.trim(), key).not.toBe('');
  });

  it('both languages use the same placeholders in each text', () => {
    for (const [key, text] of english)
      expect(placeholders(chinese.get(key) ?? ''), key).toEqual(placeholders(text));
  });
});
