import { describe, expect, it } from 'vitest';
import {
  isValidEmail,
  isValidPassword,
  isValidPhone,
  isValidUsername,
  isValidVerifyCode,
  loginSchema,
  registerSchema,
  sendCodeSchema,
} from '../src/index.ts';

describe('password rule (6-20, digits and letters)', () => {
  it.each(['abc123', 'Passw0rd', 'a1'.repeat(10)])('accepts %s', (p) =>
    expect(isValidPassword(p)).toBe(true),
  );
  it.each(['abc12', 'a1'.repeat(10) + 'x', 'abcdefgh', '12345678', 'abc 123', ''])('refuses %j', (p) =>
    expect(isValidPassword(p)).toBe(false),
  );
});

describe('account formats', () => {
  it('checks e-mail', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.de')).toBe(false);
  });
  it('checks phone numbers', () => {
    expect(isValidPhone('13800138000')).toBe(true);
    expect(isValidPhone('12ab')).toBe(false);
  });
  it('checks usernames of 6-12 letters and digits', () => {
    expect(isValidUsername('alice1')).toBe(true);
    expect(isValidUsername('alice')).toBe(false);
    expect(isValidUsername('alice_1')).toBe(false);
    expect(isValidUsername('a'.repeat(13))).toBe(false);
  });
  it('checks 6-digit codes', () => {
    expect(isValidVerifyCode('123456')).toBe(true);
    expect(isValidVerifyCode('12345')).toBe(false);
    expect(isValidVerifyCode('12345a')).toBe(false);
  });
});

describe('request schemas', () => {
  it('wants exactly one account: phone with area code, or e-mail', () => {
    expect(sendCodeSchema.safeParse({ email: 'a@b.co', usedFor: 1 }).success).toBe(true);
    expect(
      sendCodeSchema.safeParse({ areaCode: '+86', phoneNumber: '13800138000', usedFor: 1 }).success,
    ).toBe(true);
    expect(sendCodeSchema.safeParse({ phoneNumber: '13800138000', usedFor: 1 }).success).toBe(false);
    expect(
      sendCodeSchema.safeParse({ email: 'a@b.co', areaCode: '+86', phoneNumber: '13800138000', usedFor: 1 })
        .success,
    ).toBe(false);
    expect(sendCodeSchema.safeParse({ email: 'a@b.co', usedFor: 9 }).success).toBe(false);
  });
  it('normalises e-mail to lower case', () => {
    const parsed = sendCodeSchema.parse({ email: ' A@B.Co ', usedFor: 1 });
    expect(parsed.email).toBe('a@b.co');
  });
  it('wants a password or a code to log in, not both', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(loginSchema.safeParse({ email: 'a@b.co', verifyCode: '123456' }).success).toBe(true);
    expect(loginSchema.safeParse({ email: 'a@b.co' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x', verifyCode: '123456' }).success).toBe(
      false,
    );
  });
  it('applies the password rule at registration and defaults the platform to web (5)', () => {
    const base = { verifyCode: '123456', user: { email: 'a@b.co', nickname: 'Al', password: 'abc123' } };
    const parsed = registerSchema.parse(base);
    expect(parsed.platform).toBe(5);
    expect(registerSchema.safeParse({ ...base, user: { ...base.user, password: 'abcdef' } }).success).toBe(
      false,
    );
    expect(registerSchema.safeParse({ ...base, user: { ...base.user, nickname: '  ' } }).success).toBe(false);
  });
});
