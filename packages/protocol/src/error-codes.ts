/**
 * Every error code the server answers in the envelope, defined once.
 * 2000x are the account catalogue (docs/product.md#error-texts);
 * 1xxx are the general and token codes (docs/decisions.md#protocol-conventions);
 * 12xx the profile rules; 13xx are the contacts rules (friends, blacklist); 14xx the group rules.
 * A group the caller is not in answers 1004 exactly as a group that does not exist.
 */
export const ErrCode = {
  OK: 0,
  // general
  ARGS: 1001,
  NO_PERMISSION: 1002,
  DUPLICATE: 1003,
  NOT_FOUND: 1004,
  SERVER: 1005,
  TOO_LARGE: 1006,
  /** An upload whose bytes are not one of the accepted types (sniffed, never the name or header). */
  UNSUPPORTED_FILE_TYPE: 1007,
  /**
   * The server could not reach its database (or another store) just now; nothing was changed. A send
   * answered this is retried by the sdk with the same clientMsgID (docs/api.md#error-codes-of-these-areas).
   */
  UNAVAILABLE: 1008,
  // profile
  /** The username is another user's (case-insensitively; docs/api.md#usernames). */
  USERNAME_TAKEN: 1201,
  // contacts (friends, applications, blacklist)
  NOT_FRIEND: 1301,
  BLOCKED_BY_PEER: 1302,
  FRIEND_ADD_DENIED: 1303,
  ALREADY_FRIEND: 1304,
  APPLICATION_NOT_FOUND: 1305,
  IN_OWN_BLACKLIST: 1306,
  // groups (the first four drive the composer's placeholder in a group chat)
  GROUP_MUTED: 1401,
  GROUP_MEMBER_MUTED: 1402,
  GROUP_DISMISSED: 1403,
  GROUP_BANNED: 1404,
  ALREADY_IN_GROUP: 1405,
  NOT_GROUP_MEMBER: 1406,
  GROUP_APPLICATION_NOT_FOUND: 1407,
  GROUP_OWNER_CANNOT_QUIT: 1408,
  // tokens
  TOKEN_EXPIRED: 1501,
  TOKEN_INVALID: 1502,
  TOKEN_MALFORMED: 1503,
  TOKEN_NOT_VALID_YET: 1504,
  TOKEN_UNKNOWN: 1505,
  TOKEN_KICKED: 1506,
  TOKEN_MISSING: 1507,
  // connection (sdk)
  LOGIN_EXPIRED: 705,
  // accounts (docs/product.md#error-texts)
  PASSWORD_ERROR: 20001,
  ACCOUNT_NOT_FOUND: 20002,
  PHONE_REGISTERED: 20003,
  ACCOUNT_REGISTERED: 20004,
  TOO_FREQUENT: 20005,
  CODE_INCORRECT: 20006,
  CODE_EXPIRED: 20007,
  CODE_ATTEMPTS_EXCEEDED: 20008,
  CODE_USED: 20009,
  INVITATION_USED: 20010,
  INVITATION_NOT_FOUND: 20011,
  RESTRICTED: 20012,
  ACCOUNT_REGISTERED_2: 20014,
} as const;

export type ErrCodeValue = (typeof ErrCode)[keyof typeof ErrCode];

/** The English text the server puts in errMsg; the web translates by code. */
export const errMessages: Record<number, string> = {
  [ErrCode.ARGS]: 'invalid arguments',
  [ErrCode.NO_PERMISSION]: 'no permission',
  [ErrCode.DUPLICATE]: 'already exists',
  [ErrCode.NOT_FOUND]: 'not found',
  [ErrCode.SERVER]: 'server error',
  [ErrCode.TOO_LARGE]: 'payload too large',
  [ErrCode.UNSUPPORTED_FILE_TYPE]: 'unsupported file type',
  [ErrCode.UNAVAILABLE]: 'service temporarily unavailable, retry',
  [ErrCode.USERNAME_TAKEN]: 'this username is already taken',
  [ErrCode.NOT_FRIEND]: 'not a friend',
  [ErrCode.BLOCKED_BY_PEER]: 'the other party has blocked you',
  // The text of docs/product.md#validation.
  [ErrCode.FRIEND_ADD_DENIED]: 'the other party has been set up not to be added as a friend',
  [ErrCode.ALREADY_FRIEND]: 'already friends',
  [ErrCode.APPLICATION_NOT_FOUND]: 'friend application not found or already handled',
  [ErrCode.IN_OWN_BLACKLIST]: 'the user is in your blacklist',
  [ErrCode.GROUP_MUTED]: 'all members are muted',
  [ErrCode.GROUP_MEMBER_MUTED]: 'you have been muted',
  [ErrCode.GROUP_DISMISSED]: 'the group has been disbanded',
  [ErrCode.GROUP_BANNED]: 'the group has been banned',
  [ErrCode.ALREADY_IN_GROUP]: 'already a member of the group',
  [ErrCode.NOT_GROUP_MEMBER]: 'the user is not a member of the group',
  [ErrCode.GROUP_APPLICATION_NOT_FOUND]: 'group application not found or already handled',
  [ErrCode.GROUP_OWNER_CANNOT_QUIT]: 'the owner must transfer the group before quitting',
  [ErrCode.TOKEN_EXPIRED]: 'token expired',
  [ErrCode.TOKEN_INVALID]: 'token invalid',
  [ErrCode.TOKEN_MALFORMED]: 'token malformed',
  [ErrCode.TOKEN_NOT_VALID_YET]: 'token not valid yet',
  [ErrCode.TOKEN_UNKNOWN]: 'token unknown',
  [ErrCode.TOKEN_KICKED]: 'token kicked: logged in on another device',
  [ErrCode.TOKEN_MISSING]: 'token missing',
  [ErrCode.PASSWORD_ERROR]: 'password error',
  [ErrCode.ACCOUNT_NOT_FOUND]: "account doesn't exist",
  [ErrCode.PHONE_REGISTERED]: 'phone already registered',
  [ErrCode.ACCOUNT_REGISTERED]: 'account already registered',
  [ErrCode.TOO_FREQUENT]: 'operation too frequent, try again later',
  [ErrCode.CODE_INCORRECT]: 'incorrect verification code',
  [ErrCode.CODE_EXPIRED]: 'verification code expired',
  [ErrCode.CODE_ATTEMPTS_EXCEEDED]: 'verification code error limit exceeded, try again later',
  [ErrCode.CODE_USED]: 'verification code already used',
  [ErrCode.INVITATION_USED]: 'invitation code already used',
  [ErrCode.INVITATION_NOT_FOUND]: 'invitation code does not exist',
  [ErrCode.RESTRICTED]: 'operation restricted',
  [ErrCode.ACCOUNT_REGISTERED_2]: 'account already registered',
};

/** Codes of the "no permission" class: a rule refuses the caller. */
const FORBIDDEN = new Set<number>([
  ErrCode.NO_PERMISSION,
  ErrCode.RESTRICTED,
  ErrCode.NOT_FRIEND,
  ErrCode.BLOCKED_BY_PEER,
  ErrCode.FRIEND_ADD_DENIED,
  ErrCode.IN_OWN_BLACKLIST,
  ErrCode.GROUP_MUTED,
  ErrCode.GROUP_MEMBER_MUTED,
  ErrCode.GROUP_DISMISSED,
  ErrCode.GROUP_BANNED,
  ErrCode.GROUP_OWNER_CANNOT_QUIT,
]);

/** Codes of the "not found" class. */
const MISSING = new Set<number>([
  ErrCode.NOT_FOUND,
  ErrCode.APPLICATION_NOT_FOUND,
  ErrCode.NOT_GROUP_MEMBER,
  ErrCode.GROUP_APPLICATION_NOT_FOUND,
]);

/** HTTP status that states the class of an error code (docs/decisions.md#protocol-conventions). */
export function httpStatusFor(errCode: number): number {
  if (errCode === ErrCode.OK) return 200;
  if (errCode >= 1501 && errCode <= 1507) return 401;
  if (FORBIDDEN.has(errCode)) return 403;
  if (MISSING.has(errCode)) return 404;
  if (errCode === ErrCode.TOO_LARGE) return 413;
  if (errCode === ErrCode.TOO_FREQUENT || errCode === ErrCode.CODE_ATTEMPTS_EXCEEDED) return 429;
  if (errCode === ErrCode.SERVER) return 500;
  if (errCode === ErrCode.UNAVAILABLE) return 503;
  return 400;
}

export function isTokenError(errCode: number): boolean {
  return errCode >= 1501 && errCode <= 1507;
}
