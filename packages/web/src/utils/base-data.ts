/**
 * The data the register and forgot-password screens hand on to each other in the `baseData` query
 * (docs/product.md#login-routes). An unparsable value means the user did not arrive through the flow.
 */
export interface BaseData {
  /** true for registration, false for the forgot-password flow. */
  isRegiste: boolean;
  areaCode?: string;
  phoneNumber?: string;
  email?: string;
  invitationCode?: string;
  verifyCode?: string;
}

export type Account = { areaCode: string; phoneNumber: string } | { email: string };

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The baseData query value, or null when it is missing, not JSON, or names no account. */
export function parseBaseData(raw: string | null | undefined): BaseData | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return toBaseData(value);
}

/** Checks a value that claims to be baseData (from the query or from history state). */
export function toBaseData(value: unknown): BaseData | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const byPhone = isString(v.areaCode) && isString(v.phoneNumber);
  const byEmail = isString(v.email);
  if (byPhone === byEmail) return null;
  const data: BaseData = { isRegiste: v.isRegiste === true };
  if (byPhone) {
    data.areaCode = v.areaCode as string;
    data.phoneNumber = v.phoneNumber as string;
  } else {
    data.email = v.email as string;
  }
  if (isString(v.invitationCode)) data.invitationCode = v.invitationCode;
  if (isString(v.verifyCode)) data.verifyCode = v.verifyCode;
  return data;
}

/** The account fields of a request body. */
export function accountOf(data: BaseData): Account {
  return data.email
    ? { email: data.email }
    : { areaCode: data.areaCode ?? '', phoneNumber: data.phoneNumber ?? '' };
}

/** How the account reads on screen: "+86 13800000000" or the e-mail. */
export function accountLabel(data: BaseData): string {
  return data.email ?? `${data.areaCode ?? ''} ${data.phoneNumber ?? ''}`.trim();
}

/** A query flag given as a JSON boolean (`isRegiste=true`); anything else is false. */
export function parseJsonBoolean(raw: string | null): boolean {
  if (raw === null) return false;
  try {
    return JSON.parse(raw) === true;
  } catch {
    return false;
  }
}
