import type { CallMediaType } from '@im/protocol';
import type { CallPeer } from '@im/sdk';
import { im } from '../sdk/im';

/**
 * Calls a user from an entry point (chat header, chat settings, user card, records). A failure has
 * already ended the call with the "invitation failed" toast (bind-call-events.ts); here it is only
 * kept from going unhandled.
 */
export function startCall(peer: CallPeer, mediaType: CallMediaType): void {
  if (im.calls.getCall()) return;
  im.calls.startCall({ userID: peer.userID, mediaType, peer }).catch(() => undefined);
}
