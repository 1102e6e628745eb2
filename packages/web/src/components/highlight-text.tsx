import { splitByKeyword } from '../utils/search-text';

/** A search result's text with each hit of the keyword marked (<mark>, styled by the browser). */
export function HighlightText({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {splitByKeyword(text, keyword).map((part, index) =>
        part.hit ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}
