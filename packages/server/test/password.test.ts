import { describe, expect, it } from 'vitest';
import { costOf, hashPassword, SCRYPT_DEFAULT_N, verifyPassword } from '../src/auth/password.ts';
import { loadConfig } from '../src/config/config.ts';

describe('password hashing', () => {
  it('uses scrypt at N = 2^17 by default (OWASP ASVS 5.0), recorded in the hash', async () => {
    expect(SCRYPT_DEFAULT_N).toBe(131072);
    expect(loadConfig({}).SCRYPT_N).toBe(131072);
    const hash = await hashPassword('abc123');
    expect(hash.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(costOf(hash)).toBe(131072);
    expect(await verifyPassword('abc123', hash)).toBe(true);
    expect(await verifyPassword('abc124', hash)).toBe(false);
  });

  it('salts every hash and verifies hashes made at another cost', async () => {
    const [a, b] = await Promise.all([hashPassword('same1', 16384), hashPassword('same1', 16384)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same1', a)).toBe(true);
    expect(await verifyPassword('same1', 'bcrypt$whatever')).toBe(false);
  });

  it('refuses a configured cost below 2^14', () => {
    expect(() => loadConfig({ SCRYPT_N: '1024' })).toThrow(/SCRYPT_N/);
  });
});
