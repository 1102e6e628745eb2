import { LinkifyIt } from 'linkify-it';

export type TextPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

/**
 * http(s) and www addresses become links (docs/product.md#audience-and-features). Other schemes
 * linkify-it knows (mailto:, ftp:, protocol-relative //) and bare domains or e-mail addresses stay
 * text.
 */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: false })
  .add('mailto:', null)
  .add('ftp:', null)
  .add('//', null);

/** The href of a link, or null when it is not a safe http(s) address. */
export function safeHref(raw: string): string | null {
  const candidate = /^www\./i.test(raw) ? `https://${raw}` : raw;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/**
 * Splits text into plain parts and links. The parts are for React text nodes and <a> elements;
 * nothing here is ever HTML.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (plain: string) => {
    if (!plain) return;
    const previous = parts[parts.length - 1];
    if (previous?.type === 'text') previous.text += plain;
    else parts.push({ type: 'text', text: plain });
  };
  for (const match of linkify.match(text) ?? []) {
    const isWeb = match.schema === 'http:' || match.schema === 'https:';
    const isWww = match.schema === '' && /^www\./i.test(match.raw);
    const href = isWeb || isWww ? safeHref(match.raw) : null;
    push(text.slice(last, match.index));
    if (href) parts.push({ type: 'link', text: match.raw, href });
    else push(match.raw);
    last = match.lastIndex;
  }
  push(text.slice(last));
  return parts;
}
