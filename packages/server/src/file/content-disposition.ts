/**
 * `attachment` with the original name (RFC 6266): a plain ASCII fallback in `filename` and the
 * UTF-8 name in `filename*`, so a download keeps its name in every browser and a name can never
 * break out of the header.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
