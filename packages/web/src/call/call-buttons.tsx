import { useTranslation } from '../i18n/use-translation';
import { CameraOutline, PhoneFill } from 'antd-mobile-icons';
import type { CallPeer } from '@im/sdk';
import { startCall } from './start-call';

/** The voice and video call buttons of a one-to-one chat's header (docs/product.md#call-overlay). */
export function CallButtons({ peer }: { peer: CallPeer }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className="text-button"
        aria-label={t('calls.voiceCall')}
        onClick={() => startCall(peer, 'audio')}
      >
        <PhoneFill fontSize={20} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="text-button"
        aria-label={t('calls.videoCall')}
        onClick={() => startCall(peer, 'video')}
      >
        <CameraOutline fontSize={22} aria-hidden="true" />
      </button>
    </>
  );
}
