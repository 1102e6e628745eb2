import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The web project runs in jsdom, where import.meta.url is not a file URL: the folder from this file's path.
const SRC = join(import.meta.dirname, '../src/');

/** The one place colours are written down (docs/decisions.md#dark-mode). */
const TOKENS = 'styles/tokens.css';

/**
 * Colours that are content, not interface, and must not follow the theme: the built-in stickers'
 * artwork, the white behind a cropped avatar (a JPEG has no transparency) and the dark frame of a
 * video whose first frame could not be read. Each is drawn into an image, where CSS variables do not reach.
 */
const CONTENT_COLOURS = ['stickers/sticker-set.ts', 'utils/square-image.ts', 'utils/video-poster.ts'];

const LITERAL =
  /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(|(?<![\w-])(?:white|black|red|green|blue|gray|grey|silver|orange|yellow)(?![\w-])/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** A line that only sets a CSS value or a style object counts; code words like `white-space` do not. */
function colourLines(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const isCss = path.endsWith('.css');
  return text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .filter(({ line }) =>
      isCss
        ? /:\s*[^;]+;?\s*$/.test(line)
        : /(color|background|fill|stroke|border|shadow)\w*['"]?\s*:/i.test(line),
    )
    .filter(({ line }) => LITERAL.test(isCss ? line.replace(/^\s*[\w-]+\s*:/, '') : line))
    .map(({ line, n }) => `${relative(SRC, path)}:${n}: ${line.trim()}`);
}

/** Issue 14 "dark mode": every colour comes from the theme's tokens, so both themes cover the whole app. */
describe('colours', () => {
  it('are never written as literals outside the tokens file', () => {
    const found = files(SRC)
      .filter((path) => /\.(css|tsx?)$/.test(path))
      .filter((path) => ![TOKENS, ...CONTENT_COLOURS].includes(relative(SRC, path)))
      .flatMap(colourLines);
    expect(found).toEqual([]);
  });

  it('are all defined for both themes', () => {
    const tokens = readFileSync(join(SRC, TOKENS), 'utf8');
    const [light, dark] = tokens.split("[data-prefers-color-scheme='dark']");
    const names = (block: string) => new Set([...block.matchAll(/(--im-[\w-]+):/g)].map((m) => m[1]));
    const used = new Set(
      files(SRC)
        .filter((path) => /\.(css|tsx?)$/.test(path))
        .flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/var\((--im-[\w-]+)/g)].map((m) => m[1])),
    );
    const defined = names(light);
    expect([...used].filter((name) => !defined.has(name) && name !== '--im-app-height')).toEqual([]);
    // Colours that change with the theme are redefined for dark; the always-on-dark ones need not be.
    const themed = [...defined].filter(
      (name) => !/^--im-(on-dark|media-bg|scrim|call-panel|recording-cancel|on-primary)/.test(name),
    );
    const darkNames = names(dark);
    expect(themed.filter((name) => !darkNames.has(name))).toEqual([]);
  });
});
