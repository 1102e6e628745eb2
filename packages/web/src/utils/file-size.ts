const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * A size in units of 1024 (docs/product.md#media-messages): "512 B", "1.5 KB", "3 MB",
 * "120 MB", "2.3 GB". One decimal under 10, none above; a trailing ".0" is dropped.
 */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  const shown = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${shown} ${UNITS[unit]}`;
}
