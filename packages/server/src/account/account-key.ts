import { normalizeAreaCode } from '@im/protocol';

/** An account as the requests give it: a phone with its area code, or an e-mail (schemas ensure one). */
export interface AccountRef {
  areaCode?: string;
  phoneNumber?: string;
  email?: string;
}

export function isPhone(
  account: AccountRef,
): account is AccountRef & { areaCode: string; phoneNumber: string } {
  return Boolean(account.areaCode && account.phoneNumber);
}

/** One string per account, for codes and rate limits. */
export function accountKey(account: AccountRef): string {
  return isPhone(account)
    ? `phone:${normalizeAreaCode(account.areaCode)} ${account.phoneNumber}`
    : `email:${account.email}`;
}
