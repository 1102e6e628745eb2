import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  SETTLE_MS,
  virtuosoFirstRows,
  withoutFourFrameWait,
  withoutSettleWait,
} from '../build/virtuoso-first-rows';

const require = createRequire(import.meta.url);
const virtuosoPath = require.resolve('react-virtuoso').replace(/index\.cjs$/, 'index.mjs');

/** The chat opens at its newest message without react-virtuoso's four-frame wait (docs/decisions.md#first-screen). */
describe('the build plugin that removes the wait before the first rows', () => {
  it('takes the installed react-virtuoso from four frames to none, and changes nothing else', () => {
    const source = readFileSync(virtuosoPath, 'utf8');
    const patched = withoutFourFrameWait(source);
    expect(patched).not.toMatch(/\b\w+\(4, \(\) => \{/);
    expect(patched.length).toBe(source.length);
    const changed = [...source].filter((char, i) => char !== patched[i]);
    expect(changed).toEqual(['4']);
  });

  it('shortens its 150 ms wait before it shows a list opened at an item, and changes nothing else', () => {
    const source = readFileSync(virtuosoPath, 'utf8');
    const patched = withoutSettleWait(source);
    expect(patched).not.toMatch(/\b\w+\(150\)/);
    const at = source.search(/\b\w+\(150\)/);
    expect(patched.slice(0, at)).toBe(source.slice(0, at));
    expect(patched.slice(at).replace(new RegExp(`^(\\w+)\\(${SETTLE_MS}\\)`), '$1(150)')).toBe(
      source.slice(at),
    );
  });

  it('refuses a version without exactly one such wait, so an upgrade cannot lose it unnoticed', () => {
    expect(() => withoutFourFrameWait('export const x = 1;')).toThrow(/found 0/);
    expect(() => withoutFourFrameWait('a(4, () => {}); b(4, () => {});')).toThrow(/found 2/);
    expect(() => withoutSettleWait('export const x = 1;')).toThrow(/found 0/);
    expect(() => withoutSettleWait('a(150); b(150);')).toThrow(/found 2/);
  });

  it('applies to react-virtuoso only', () => {
    const plugin = virtuosoFirstRows();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    expect(transform('a(4, () => {})', '/app/src/other.ts')).toBeNull();
    expect(
      transform('Je(4, () => {}); qo(150)', '/app/node_modules/react-virtuoso/dist/index.mjs')?.code,
    ).toBe(`Je(0, () => {}); qo(${SETTLE_MS})`);
  });
});
