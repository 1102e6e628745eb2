import { useTranslation } from '../i18n/use-translation';
import { AudioMutedOutline, AudioOutline, CameraOutline, DownOutline, PhoneFill } from 'antd-mobile-icons';
import { CallState } from '@im/sdk';
import type { CallInfo } from '@im/sdk';
import { Avatar } from '../components/avatar';
import { im } from '../sdk/im';
import { CallBubble } from './call-bubble';
import { useCallStore } from './call-store';
import { MediaView } from './media-view';
import { SoundIndicator } from './sound-indicator';
import { useCallTimer } from './use-call-timer';
import styles from './call-overlay.module.css';

/** What the overlay says under the peer's name (docs/product.md#call-overlay). */
function useStatusLine(call: CallInfo): string {
  const { t } = useTranslation();
  if (call.state === CallState.Incoming)
    return t(call.mediaType === 'video' ? 'calls.invitesVideo' : 'calls.invitesVoice');
  if (call.state === CallState.Connected) return t('calls.onCall');
  return t('calls.connecting');
}

/**
 * The call overlay, one above every screen (docs/product.md#call-overlay): full screen with a
 * minimise button, the peer's avatar and nickname, the status line, the mm:ss timer and the sound
 * indicator once connected, the controls of the state (accept and hang-up while ringing here,
 * hang-up while waiting, mic / camera / hang-up once connected), remote video full screen and own
 * video picture-in-picture. Minimised, it stays mounted (hidden) so that the sound goes on, and a
 * bubble shows. It renders `im.calls`' state only.
 */
export function CallOverlay() {
  const { t } = useTranslation();
  const { call, localStream, remoteStream, audioLevel, minimised, setMinimised } = useCallStore();
  const timer = useCallTimer(call?.connectedAt ?? 0);
  const status = useStatusLine(call ?? ({ state: CallState.Idle } as CallInfo));
  if (!call) return null;

  const name = call.peer.nickname || call.peer.userID;
  const video = call.mediaType === 'video';
  const connected = call.state === CallState.Connected;
  const ringingHere = call.state === CallState.Incoming;
  const showVideo = video && connected;
  const hangUp = () => void im.calls.hangup();

  return (
    <>
      <div
        className={showVideo ? `${styles.overlay} ${styles.video}` : styles.overlay}
        role="dialog"
        aria-modal="true"
        aria-label={t('calls.overlay', { name })}
        hidden={minimised}
      >
        {video ? (
          <MediaView
            stream={remoteStream}
            kind="video"
            className={showVideo ? styles.remoteVideo : styles.hiddenVideo}
            label={t('calls.remoteVideo', { name })}
          />
        ) : (
          <MediaView stream={remoteStream} kind="audio" label={t('calls.peerSound', { name })} />
        )}
        {video && localStream && (
          <MediaView
            stream={localStream}
            kind="video"
            muted
            className={call.cameraOff ? styles.hiddenVideo : styles.localVideo}
            label={t('calls.localVideo')}
          />
        )}
        <button
          type="button"
          className={styles.minimise}
          aria-label={t('calls.minimise')}
          onClick={() => setMinimised(true)}
        >
          <DownOutline fontSize={24} aria-hidden="true" />
        </button>
        <div className={showVideo ? `${styles.peer} ${styles.peerSmall}` : styles.peer}>
          <Avatar name={name} src={call.peer.faceURL} size={showVideo ? 48 : 96} />
          <h2 className={styles.name}>{name}</h2>
          <p className={styles.status}>{status}</p>
          {connected && (
            <p className={styles.timer} role="timer" aria-label={t('calls.timer')}>
              {timer}
            </p>
          )}
          {connected && <SoundIndicator level={audioLevel} label={t('calls.peerSound', { name })} />}
        </div>
        <div className={styles.controls}>
          {connected && (
            <button
              type="button"
              className={styles.control}
              aria-pressed={!call.micMuted}
              aria-label={t(call.micMuted ? 'calls.micOff' : 'calls.micOn')}
              onClick={() => im.calls.setMicMuted(!call.micMuted)}
            >
              {call.micMuted ? <AudioMutedOutline aria-hidden="true" /> : <AudioOutline aria-hidden="true" />}
            </button>
          )}
          {connected && video && (
            <button
              type="button"
              className={call.cameraOff ? `${styles.control} ${styles.off}` : styles.control}
              aria-pressed={!call.cameraOff}
              aria-label={t(call.cameraOff ? 'calls.cameraOff' : 'calls.cameraOn')}
              onClick={() => im.calls.setCameraOff(!call.cameraOff)}
            >
              <CameraOutline aria-hidden="true" />
            </button>
          )}
          <button
            type="button"
            className={`${styles.control} ${styles.hangUp}`}
            aria-label={t('calls.hangUp')}
            onClick={hangUp}
          >
            <PhoneFill aria-hidden="true" />
          </button>
          {ringingHere && (
            <button
              type="button"
              className={`${styles.control} ${styles.accept}`}
              aria-label={t('calls.accept')}
              onClick={() => void im.calls.accept()}
            >
              <PhoneFill aria-hidden="true" />
            </button>
          )}
        </div>
      </div>
      {minimised && <CallBubble call={call} onRestore={() => setMinimised(false)} />}
    </>
  );
}
