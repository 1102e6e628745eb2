/** A small keyboard glyph for "back to typing" (antd-mobile-icons has none). */
export function KeyboardToggleIcon() {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <rect x="2.5" y="6" width="19" height="12" rx="2" />
      <path d="M6 10h1M9.5 10h1M13 10h1M16.5 10h1M6 14h12" strokeLinecap="round" />
    </svg>
  );
}
