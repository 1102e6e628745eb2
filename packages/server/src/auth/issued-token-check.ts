import { createHmac, timingSafeEqual } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { JWTPayload } from 'jose';

/** The protected header of every token this server signs (token-service.ts): `{"alg":"HS256"}`. */
const ISSUED_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The claims of a token exactly as this server issues them, checked with a synchronous HMAC; undefined
 * for anything else (another header, a bad or non-canonical signature, an unexpected claim, an
 * expired token), which the caller then hands to jose for its verdict and its error. A reconnect
 * storm checks ten thousand fresh tokens in a second, and jose's WebCrypto job per token was
 * about 6 % of the server's profile there (bench/results/reconnect-storm-latest.md). It accepts only what
 * jose would accept: a valid signature, the issuer, a numeric `exp` after now, no `nbf`, a numeric
 * or absent `iat`.
 */
function checkIssuedToken(
  token: string,
  key: KeyObject,
  issuer: string,
  nowSeconds: number,
): JWTPayload | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== ISSUED_HEADER) return undefined;
  const [, body, signature] = parts;
  if (!BASE64URL.test(body) || !BASE64URL.test(signature)) return undefined;
  const expected = createHmac('sha256', key).update(`${parts[0]}.${body}`).digest('base64url');
  if (expected.length !== signature.length) return undefined;
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(strictUtf8.decode(Buffer.from(body, 'base64url')));
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const claims = payload as JWTPayload;
  if (claims.iss !== issuer || claims.nbf !== undefined) return undefined;
  if (claims.iat !== undefined && typeof claims.iat !== 'number') return undefined;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return undefined;
  return claims;
}

/** The check as an object's method, so that a test can count the signature checks (token-reuse.test.ts). */
export const issuedTokens = { check: checkIssuedToken };
