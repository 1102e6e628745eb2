import { describe, expect, it } from 'vitest';
import { safeHref, splitLinks } from '../src/utils/linkify';

const links = (text: string) => splitLinks(text).filter((p) => p.type === 'link');

describe('link detection (http(s) and www addresses, docs/product.md#audience-and-features)', () => {
  it('finds http and https addresses', () => {
    expect(splitLinks('see https://example.com/a?b=1 now')).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { type: 'text', text: ' now' },
    ]);
    expect(links('http://example.org')[0]).toMatchObject({ href: 'http://example.org/' });
  });

  it('turns www addresses into https links', () => {
    expect(links('go to www.example.com today')).toEqual([
      { type: 'link', text: 'www.example.com', href: 'https://www.example.com/' },
    ]);
  });

  it('leaves bare domains, e-mail, mailto, ftp and javascript: as text', () => {
    for (const text of [
      'example.com',
      'me@example.com',
      'mailto:me@example.com',
      'ftp://x.org/f',
      'javascript:alert(1)',
    ]) {
      expect(links(text), text).toEqual([]);
      expect(
        splitLinks(text)
          .map((p) => p.text)
          .join(''),
      ).toBe(text);
    }
  });

  it('keeps all the text, links included, in order', () => {
    const text = 'a https://x.io b www.y.com c';
    expect(
      splitLinks(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('accepts only http(s) hrefs', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('www.a.com')).toBe('https://www.a.com/');
  });
});
