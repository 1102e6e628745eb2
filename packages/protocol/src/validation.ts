/** Validation rules (docs/product.md#validation), shared by client and server. */
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, VERIFY_CODE_LENGTH } from './constants.ts';

/** 6–20 characters, at least one digit and one letter, no spaces. */
export function isValidPassword(value: string): boolean {
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return false;
  return /^[\x21-\x7e]+$/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value);
}

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** National number: digits only, 5–15 long (E.164 without the area code). */
export function isValidPhone(value: string): boolean {
  return /^\d{5,15}$/.test(value);
}

/** Area code such as +86 or 86. */
export function isValidAreaCode(value: string): boolean {
  return /^\+?\d{1,4}$/.test(value);
}

export function normalizeAreaCode(value: string): string {
  return value.startsWith('+') ? value : `+${value}`;
}

/** 6–12 letters and digits. */
export function isValidUsername(value: string): boolean {
  return new RegExp(`^[A-Za-z0-9]{${USERNAME_MIN},${USERNAME_MAX}}$`).test(value);
}

export function isValidVerifyCode(value: string): boolean {
  return new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`).test(value);
}
