import { ApiError, SdkErrCode } from '../api-error.ts';
import type { Sender } from '../messaging/message-factory.ts';
import type { MessagingSession } from '../session/messaging-session.ts';

/** How an area reaches the messaging session of the logged-in user. */
export interface CoreAccess {
  /** The session; throws ApiError NOT_LOGGED_IN when nobody is logged in. */
  core: () => MessagingSession;
  /** The logged-in user as a new message's sender. */
  sender: () => Sender;
}

/** A CoreAccess over a session that may be absent. */
export function coreAccess(current: () => MessagingSession | null, sender: () => Sender): CoreAccess {
  return {
    core: () => {
      const session = current();
      if (!session) throw new ApiError(SdkErrCode.NOT_LOGGED_IN, 'not logged in');
      return session;
    },
    sender,
  };
}
