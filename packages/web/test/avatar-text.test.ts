import { describe, expect, it } from 'vitest';
import { avatarText } from '../src/utils/avatar-text';

describe('avatar without a picture', () => {
  it('shows the last character of the name', () => {
    expect(avatarText('Alice')).toBe('e');
    expect(avatarText('张三丰')).toBe('丰');
    expect(avatarText('  Bob  ')).toBe('b');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(avatarText('Sam😀')).toBe('😀');
  });

  it('is empty for an empty name', () => {
    expect(avatarText('')).toBe('');
    expect(avatarText(undefined)).toBe('');
  });
});
