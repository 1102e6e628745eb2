import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ApiError, SdkErrCode } from '@im/sdk';
import { en } from '../src/i18n/locales/en';
import { zhCN } from '../src/i18n/locales/zh-CN';
import type { Translate } from '../src/i18n/keys';
import { errorKeyFor, errorText } from '../src/utils/error-text';

/** The catalogue of docs/product.md#error-texts, code by code. */
const catalogue: Record<number, { en: string; zh: string }> = {
  20001: { en: 'password error', zh: '密码错误' },
  20002: { en: "account doesn't exist", zh: '账号不存在' },
  20003: { en: 'phone already registered', zh: '手机号已注册' },
  20004: { en: 'account already registered', zh: '账号已注册' },
  20005: { en: 'operation too frequent, try again later', zh: '操作过于频繁，请稍后再试' },
  20006: { en: 'incorrect verification code', zh: '验证码错误' },
  20007: { en: 'verification code expired', zh: '验证码已过期' },
  20008: {
    en: 'verification code error limit exceeded, try again later',
    zh: '验证码错误次数超过限制，请稍后再试',
  },
  20009: { en: 'verification code already used', zh: '验证码已被使用' },
  20010: { en: 'invitation code already used', zh: '邀请码已被使用' },
  20011: { en: 'invitation code does not exist', zh: '邀请码不存在' },
  20012: { en: 'operation restricted', zh: '操作受限' },
};

let tEn: Translate;
let tZh: Translate;

beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } }, lng: 'en' });
  tEn = i18n.getFixedT('en') as unknown as Translate;
  tZh = i18n.getFixedT('zh-CN') as unknown as Translate;
});

describe('server codes as toast text', () => {
  for (const [code, text] of Object.entries(catalogue)) {
    it(`${code} reads "${text.en}" in English and "${text.zh}" in Chinese`, () => {
      const error = new ApiError(Number(code), 'the server text');
      expect(errorText(error, tEn)).toBe(text.en);
      expect(errorText(error, tZh)).toBe(text.zh);
    });
  }

  it('20014 reads like 20004', () => {
    expect(errorText(new ApiError(20014, 'x'), tEn)).toBe('account already registered');
    expect(errorText(new ApiError(20014, 'x'), tZh)).toBe('账号已注册');
  });

  it('an unknown nonzero code shows the server message', () => {
    expect(errorText(new ApiError(1001, 'invalid arguments'), tEn)).toBe('invalid arguments');
    expect(errorText(new ApiError(98765, '服务器的消息'), tZh)).toBe('服务器的消息');
    expect(errorKeyFor(98765)).toBeUndefined();
  });

  it('sdk failures without an envelope are translated', () => {
    expect(errorText(new ApiError(SdkErrCode.NETWORK, 'network error'), tZh)).toBe(
      '网络错误，请检查网络连接',
    );
    expect(errorText(new ApiError(SdkErrCode.TIMEOUT, 'request timed out'), tEn)).toBe(
      'the request timed out, please try again',
    );
  });

  it('anything else thrown reads as a generic failure', () => {
    expect(errorText(new Error('boom'), tEn)).toBe('something went wrong');
    expect(errorText(new ApiError(777, ''), tZh)).toBe('出错了');
  });
});
