import { describe, expect, it } from 'vitest';
import { ageFrom } from '../src/utils/age';

const at = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12).getTime();

describe('age from the birthday (docs/product.md#user)', () => {
  it('counts whole years: the day before the birthday is still the younger age', () => {
    const birth = at(2000, 6, 15);
    expect(ageFrom(birth, new Date(at(2026, 6, 14)))).toBe(25);
    expect(ageFrom(birth, new Date(at(2026, 6, 15)))).toBe(26);
    expect(ageFrom(birth, new Date(at(2026, 12, 31)))).toBe(26);
    expect(ageFrom(birth, new Date(at(2026, 1, 1)))).toBe(25);
  });

  it('a baby is 0; unset or future birthdays have no age', () => {
    expect(ageFrom(at(2026, 1, 1), new Date(at(2026, 3, 1)))).toBe(0);
    expect(ageFrom(0, new Date(at(2026, 3, 1)))).toBeNull();
    expect(ageFrom(at(2030, 1, 1), new Date(at(2026, 3, 1)))).toBeNull();
  });
});
