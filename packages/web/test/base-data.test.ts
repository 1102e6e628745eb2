import { describe, expect, it } from 'vitest';
import { accountLabel, accountOf, parseBaseData, parseJsonBoolean, toBaseData } from '../src/utils/base-data';
import { paths } from '../src/router/paths';

describe('baseData query', () => {
  it('reads a phone account', () => {
    const raw = JSON.stringify({
      isRegiste: true,
      areaCode: '+86',
      phoneNumber: '13800000000',
      verifyCode: '123456',
    });
    expect(parseBaseData(raw)).toEqual({
      isRegiste: true,
      areaCode: '+86',
      phoneNumber: '13800000000',
      verifyCode: '123456',
    });
  });

  it('reads an e-mail account of the forgot-password flow', () => {
    const data = parseBaseData('{"isRegiste":false,"email":"a@b.co"}');
    expect(data).toEqual({ isRegiste: false, email: 'a@b.co' });
    expect(accountOf(data!)).toEqual({ email: 'a@b.co' });
    expect(accountLabel(data!)).toBe('a@b.co');
  });

  it('is null (so the screen goes to /login) when missing or unparsable', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'not json',
      '{',
      '[]',
      '42',
      'null',
      '"text"',
      '{"isRegiste":true}',
    ]) {
      expect(parseBaseData(raw), String(raw)).toBeNull();
    }
  });

  it('is null when it names both a phone and an e-mail, or half a phone', () => {
    expect(parseBaseData('{"email":"a@b.co","areaCode":"+86","phoneNumber":"138"}')).toBeNull();
    expect(parseBaseData('{"phoneNumber":"13800000000"}')).toBeNull();
  });

  it('survives the round trip through the query string', () => {
    const data = { isRegiste: true, email: 'x+y@z.io', invitationCode: 'A&B=C' };
    const query = new URL(paths.verifyCode(data), 'http://localhost').searchParams;
    expect(parseBaseData(query.get('baseData'))).toEqual(data);
    expect(toBaseData(data)).toEqual(data);
  });

  it('drops fields it does not know', () => {
    expect(parseBaseData('{"email":"a@b.co","password":"secret1","x":1}')).toEqual({
      isRegiste: false,
      email: 'a@b.co',
    });
  });
});

describe('JSON boolean query flags', () => {
  it('reads true only from the JSON literal true', () => {
    expect(parseJsonBoolean('true')).toBe(true);
    expect(parseJsonBoolean('false')).toBe(false);
    expect(parseJsonBoolean(null)).toBe(false);
    expect(parseJsonBoolean('"true"')).toBe(false);
    expect(parseJsonBoolean('yes')).toBe(false);
  });
});
