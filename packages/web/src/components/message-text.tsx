import { useMemo } from 'react';
import { splitLinks } from '../utils/linkify';

/**
 * Message text as React text nodes, with http(s) and www addresses as links that open in a new tab.
 * Received text is never HTML: `<img src=x onerror=…>` shows as those characters.
 */
export function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => splitLinks(text), [text]);
  return (
    <>
      {parts.map((part, index) =>
        part.type === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
