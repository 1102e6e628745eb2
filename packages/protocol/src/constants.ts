/**
 * Business constants (docs/product.md#limits-and-constants) and the numbers shared with OpenIM
 * clients (docs/product.md#numbers).
 */
export const PLATFORM_WEB = 5;
export const DEFAULT_LOG_LEVEL = 1;
export const REQUEST_TIMEOUT_MS = 5000;
export const TOAST_DURATION_MS = 2000;

export const CONVERSATION_PAGE_SIZE = 20;
export const USER_SEARCH_PAGE_SIZE = 20;
export const FRIEND_FIRST_PAGE_SIZE = 10000;
export const FRIEND_PAGE_SIZE = 1000;
export const GROUP_PAGE_SIZE = 1000;
export const BADGE_MAX = 99;

export const VERIFY_CODE_LENGTH = 6;
export const VERIFY_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong attempts allowed on one code before 20008. */
export const VERIFY_CODE_MAX_ATTEMPTS = 5;
/** Minimum gap between two codes sent to the same account. */
export const VERIFY_CODE_RESEND_MS = 60 * 1000;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const USERNAME_MIN = 6;
export const USERNAME_MAX = 12;
export const NICKNAME_MAX = 32;
/** A friend's remark (the name the owner gives them), and the message of a friend application. */
export const REMARK_MAX = 64;
export const FRIEND_REQ_MSG_MAX = 255;
/** The oldest birthday accepted (the profile's date picker starts at 1900; a day earlier for time zones). */
export const BIRTH_MIN = Date.UTC(1899, 11, 31);
/** How far ahead of the server's clock a birthday may be (the start of today in any time zone). */
export const BIRTH_FUTURE_SLACK_MS = 24 * 3600 * 1000;
/** Largest content of an online-only group send (bytes of its JSON): it reaches every member's sockets. */
export const ONLINE_ONLY_GROUP_MAX_BYTES = 1024;

export const CALL_TIMEOUT_S = 30;
export const CALL_BUBBLE = { width: 86, height: 110 } as const;

/** What a verification code is for (`usedFor`). */
export const UsedFor = { REGISTER: 1, RESET_PASSWORD: 2, LOGIN: 3 } as const;
export type UsedForValue = (typeof UsedFor)[keyof typeof UsedFor];

export const Gender = { UNKNOWN: 0, MALE: 1, FEMALE: 2 } as const;

/** Keys of the device storage (docs/product.md#device-storage). */
export const StorageKey = {
  IM_TOKEN: 'IM_TOKEN',
  IM_CHAT_TOKEN: 'IM_CHAT_TOKEN',
  IM_USERID: 'IM_USERID',
  IMI18n: 'IMI18n',
  wsUrl: 'wsUrl',
  apiUrl: 'apiUrl',
  chatUrl: 'chatUrl',
  logLevel: 'logLevel',
} as const;

/** Privacy flag of a user: 1 allows being added as a friend, 2 disallows. */
export const AllowAddFriend = { ALLOW: 1, DENY: 2 } as const;

/** Group limits, as the server validates them. */
export const GROUP_NAME_MAX = 64;
export const GROUP_INTRODUCTION_MAX = 1000;
export const GROUP_ANNOUNCEMENT_MAX = 5000;
/** Most users one create, invite or kick names. */
export const GROUP_BATCH_MAX = 1000;
/** The longest single mute: 30 days (longer ones are set again). */
export const MUTE_SECONDS_MAX = 30 * 24 * 3600;
