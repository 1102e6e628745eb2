/**
 * The character an avatar without a picture shows: the last one of the name
 * (docs/product.md#avatars-and-contacts-list). Array.from keeps an emoji or other astral character
 * whole.
 */
export function avatarText(name: string | null | undefined): string {
  const chars = Array.from((name ?? '').trim());
  return chars.length > 0 ? chars[chars.length - 1] : '';
}
