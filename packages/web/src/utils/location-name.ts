/**
 * A location's place name: its description is JSON `{ name }` (docs/product.md#data), or plain text
 * from older clients. Anything else has no name.
 */
export function locationName(description: string | undefined): string {
  if (!description) return '';
  try {
    const parsed = JSON.parse(description) as { name?: unknown } | null;
    return typeof parsed?.name === 'string' ? parsed.name : '';
  } catch {
    return description.trim().startsWith('{') ? '' : description;
  }
}
