import { describe, expect, it } from 'vitest';
import { formatBadge } from '../src/utils/format-badge';

describe('formatBadge', () => {
  it('is hidden at zero (and below)', () => {
    expect(formatBadge(0)).toBeUndefined();
    expect(formatBadge(-3)).toBeUndefined();
    expect(formatBadge(Number.NaN)).toBeUndefined();
  });

  it('shows the count up to 99', () => {
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(42)).toBe('42');
    expect(formatBadge(99)).toBe('99');
  });

  it('is capped at 99+', () => {
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(12345)).toBe('99+');
  });
});
