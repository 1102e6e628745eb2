import { describe, expect, it } from 'vitest';
import { pickLanguage } from '../src/i18n/language';

describe('language', () => {
  it('is Chinese by default', () => {
    expect(pickLanguage(null, 'zh-CN')).toBe('zh-CN');
    expect(pickLanguage(null, 'fr-FR')).toBe('zh-CN');
    expect(pickLanguage(null, undefined)).toBe('zh-CN');
  });

  it('is English when the browser language is English', () => {
    expect(pickLanguage(null, 'en-US')).toBe('en');
    expect(pickLanguage(null, 'en')).toBe('en');
    expect(pickLanguage(null, 'EN-gb')).toBe('en');
  });

  it('keeps the language chosen in this tab (IMI18n)', () => {
    expect(pickLanguage('en', 'zh-CN')).toBe('en');
    expect(pickLanguage('zh-CN', 'en-US')).toBe('zh-CN');
  });

  it('ignores a stored value it does not offer', () => {
    expect(pickLanguage('de', 'en-US')).toBe('en');
    expect(pickLanguage('', 'zh-TW')).toBe('zh-CN');
  });
});
