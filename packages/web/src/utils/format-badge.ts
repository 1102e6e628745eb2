import { BADGE_MAX } from '@im/protocol';

/**
 * A tab badge: hidden (undefined) at zero, the count up to 99, then "99+" (docs/product.md#tabs,
 * docs/product.md#limits-and-constants).
 */
export function formatBadge(count: number): string | undefined {
  if (!Number.isFinite(count) || count <= 0) return undefined;
  const whole = Math.floor(count);
  return whole > BADGE_MAX ? `${BADGE_MAX}+` : String(whole);
}
