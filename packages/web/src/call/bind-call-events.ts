import { showToast } from '../utils/antd-setup';
import { CallState } from '@im/sdk';
import type { CallEnded, CallInfo } from '@im/sdk';
import { i18n } from '../i18n';
import type { TranslationKey } from '../i18n/keys';
import { im } from '../sdk/im';
import { playTone, stopTone } from './call-tones';
import { useCallStore } from './call-store';

/** Endings worth a word to the user (docs/product.md#error-texts: the invitation failure). */
const endToasts: Partial<Record<CallEnded['reason'], TranslationKey>> = {
  busy: 'calls.busy',
  refused: 'calls.refused',
  handledElsewhere: 'calls.handledElsewhere',
};

/** The tone a state rings with: ringtone while it rings here, ringback while the caller waits. */
function toneFor(call: CallInfo | null): void {
  if (call?.state === CallState.Incoming) playTone('ringtone');
  else if (call?.state === CallState.Outgoing) playTone('ringback');
  else stopTone();
}

/** Keeps the call overlay's store in step with `im.calls` (the sdk owns the call; the web renders it). */
export function bindCallEvents(): void {
  const set = useCallStore.setState;
  im.on('callStateChanged', (call) => {
    toneFor(call);
    if (!call || call.state === CallState.Ended) {
      set({ call: null, minimised: false, audioLevel: 0 });
      return;
    }
    set({ call });
  });
  im.on('localStream', (localStream) => set({ localStream }));
  im.on('remoteStream', (remoteStream) => set({ remoteStream }));
  im.on('audioLevel', (audioLevel) => set({ audioLevel }));
  im.on('callEnded', (ended) => {
    stopTone();
    if (ended.reason === 'failed') {
      if (ended.failure === 'invite') {
        console.error('call invitation failed', ended.error);
        showToast({ icon: 'fail', content: i18n.t('calls.invitationFailed') });
      } else if (ended.failure === 'accept') console.error('accepting the call failed', ended.error);
      else {
        console.error('the call failed', ended.error);
        showToast({ icon: 'fail', content: i18n.t('calls.connectionLost') });
      }
      return;
    }
    const toast = endToasts[ended.reason];
    if (toast && ended.call.role === 'caller') showToast({ content: i18n.t(toast) });
    else if (ended.reason === 'handledElsewhere') showToast({ content: i18n.t('calls.handledElsewhere') });
  });
}
