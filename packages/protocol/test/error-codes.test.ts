import { describe, expect, it } from 'vitest';
import { ErrCode, errMessages, httpStatusFor, isTokenError } from '../src/index.ts';

describe('error catalogue', () => {
  it('has the catalogue text (docs/product.md#error-texts) for every account code 20001-20012 and 20014', () => {
    const codes = [20001, 20002, 20003, 20004, 20005, 20006, 20007, 20008, 20009, 20010, 20011, 20012, 20014];
    for (const code of codes) expect(errMessages[code], String(code)).toBeTruthy();
    expect(errMessages[ErrCode.PASSWORD_ERROR]).toBe('password error');
    expect(errMessages[ErrCode.ACCOUNT_NOT_FOUND]).toBe("account doesn't exist");
    expect(errMessages[ErrCode.RESTRICTED]).toBe('operation restricted');
  });
  it('maps codes to the HTTP class', () => {
    expect(httpStatusFor(0)).toBe(200);
    expect(httpStatusFor(ErrCode.ARGS)).toBe(400);
    expect(httpStatusFor(ErrCode.TOKEN_KICKED)).toBe(401);
    expect(httpStatusFor(ErrCode.NO_PERMISSION)).toBe(403);
    expect(httpStatusFor(ErrCode.NOT_FOUND)).toBe(404);
    expect(httpStatusFor(ErrCode.TOO_FREQUENT)).toBe(429);
    expect(httpStatusFor(ErrCode.PASSWORD_ERROR)).toBe(400);
    expect(httpStatusFor(ErrCode.UNAVAILABLE)).toBe(503);
    expect(errMessages[ErrCode.UNAVAILABLE]).toBeTruthy();
  });
  it('states the contacts codes once, with the catalogue text for the privacy flag', () => {
    expect(errMessages[ErrCode.FRIEND_ADD_DENIED]).toBe(
      'the other party has been set up not to be added as a friend',
    );
    for (const code of [1301, 1302, 1303, 1304, 1305, 1306, 1007]) expect(errMessages[code]).toBeTruthy();
    expect(httpStatusFor(ErrCode.NOT_FRIEND)).toBe(403);
    expect(httpStatusFor(ErrCode.BLOCKED_BY_PEER)).toBe(403);
    expect(httpStatusFor(ErrCode.IN_OWN_BLACKLIST)).toBe(403);
    expect(httpStatusFor(ErrCode.FRIEND_ADD_DENIED)).toBe(403);
    expect(httpStatusFor(ErrCode.ALREADY_FRIEND)).toBe(400);
    expect(httpStatusFor(ErrCode.APPLICATION_NOT_FOUND)).toBe(404);
    expect(httpStatusFor(ErrCode.TOO_LARGE)).toBe(413);
    expect(httpStatusFor(ErrCode.UNSUPPORTED_FILE_TYPE)).toBe(400);
  });
  it('knows the token codes 1501-1507', () => {
    expect(isTokenError(1501)).toBe(true);
    expect(isTokenError(1507)).toBe(true);
    expect(isTokenError(1500)).toBe(false);
    expect(isTokenError(20001)).toBe(false);
  });
});
