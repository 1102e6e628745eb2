import { ErrCode } from '@im/protocol';
import { isApiError, SdkErrCode } from '@im/sdk';
import type { TranslationKey, Translate } from '../i18n/keys';

/**
 * Server and sdk codes that the catalogues translate (docs/product.md#error-texts); others show the
 * server's errMsg.
 */
const keyByCode: Record<number, TranslationKey> = {
  [ErrCode.PASSWORD_ERROR]: 'errors.passwordError',
  [ErrCode.ACCOUNT_NOT_FOUND]: 'errors.accountNotFound',
  [ErrCode.PHONE_REGISTERED]: 'errors.phoneRegistered',
  [ErrCode.ACCOUNT_REGISTERED]: 'errors.accountRegistered',
  [ErrCode.ACCOUNT_REGISTERED_2]: 'errors.accountRegistered',
  [ErrCode.TOO_FREQUENT]: 'errors.tooFrequent',
  [ErrCode.CODE_INCORRECT]: 'errors.codeIncorrect',
  [ErrCode.CODE_EXPIRED]: 'errors.codeExpired',
  [ErrCode.CODE_ATTEMPTS_EXCEEDED]: 'errors.codeAttemptsExceeded',
  [ErrCode.CODE_USED]: 'errors.codeUsed',
  [ErrCode.INVITATION_USED]: 'errors.invitationUsed',
  [ErrCode.INVITATION_NOT_FOUND]: 'errors.invitationNotFound',
  [ErrCode.RESTRICTED]: 'errors.restricted',
  [ErrCode.LOGIN_EXPIRED]: 'session.tokenExpired',
  [ErrCode.TOKEN_KICKED]: 'session.kickedOffline',
  [ErrCode.USERNAME_TAKEN]: 'username.taken',
  [ErrCode.NOT_FRIEND]: 'errors.notFriend',
  [ErrCode.BLOCKED_BY_PEER]: 'errors.blockedByPeer',
  [ErrCode.FRIEND_ADD_DENIED]: 'errors.friendAddDenied',
  [ErrCode.ALREADY_FRIEND]: 'errors.alreadyFriend',
  [ErrCode.APPLICATION_NOT_FOUND]: 'errors.applicationNotFound',
  [ErrCode.IN_OWN_BLACKLIST]: 'errors.inOwnBlacklist',
  [ErrCode.TOO_LARGE]: 'errors.fileTooLarge',
  [ErrCode.UNSUPPORTED_FILE_TYPE]: 'errors.unsupportedFile',
  [ErrCode.NO_PERMISSION]: 'errors.noPermission',
  [ErrCode.GROUP_MUTED]: 'errors.groupMuted',
  [ErrCode.GROUP_MEMBER_MUTED]: 'errors.memberMuted',
  [ErrCode.GROUP_DISMISSED]: 'errors.groupDismissed',
  [ErrCode.GROUP_BANNED]: 'errors.groupBanned',
  [ErrCode.ALREADY_IN_GROUP]: 'errors.alreadyInGroup',
  [ErrCode.NOT_GROUP_MEMBER]: 'errors.notGroupMember',
  [ErrCode.GROUP_APPLICATION_NOT_FOUND]: 'errors.groupApplicationNotFound',
  [ErrCode.GROUP_OWNER_CANNOT_QUIT]: 'errors.ownerCannotQuit',
  [ErrCode.UNAVAILABLE]: 'errors.unavailable',
  [SdkErrCode.NETWORK]: 'errors.network',
  [SdkErrCode.TIMEOUT]: 'errors.timeout',
  [SdkErrCode.BAD_RESPONSE]: 'errors.badResponse',
  [SdkErrCode.NOT_LOGGED_IN]: 'errors.notLoggedIn',
};

export function errorKeyFor(errCode: number): TranslationKey | undefined {
  return keyByCode[errCode];
}

/** The text a failure toast shows for any thrown value, in the current language. */
export function errorText(error: unknown, t: Translate): string {
  if (isApiError(error)) {
    const key = errorKeyFor(error.errCode);
    if (key) return t(key);
    if (error.errMsg) return error.errMsg;
  }
  return t('errors.unknown');
}
