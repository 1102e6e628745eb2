import type { CSSProperties } from 'react';
import { FloatingBubble } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CALL_BUBBLE } from '@im/protocol';
import type { CallInfo } from '@im/sdk';
import { CallState } from '@im/sdk';
import { Avatar } from '../components/avatar';
import styles from './call-overlay.module.css';

/**
 * The minimised call (docs/product.md#call-overlay): a draggable 86×110 bubble with the peer's avatar
 * and "waiting" or "in call"; FloatingBubble keeps it inside the window. Tapping it restores the
 * overlay (a touch drag never ends in a click: the browser sends none after it).
 */
export function CallBubble({ call, onRestore }: { call: CallInfo; onRestore: () => void }) {
  const { t } = useTranslation();
  const name = call.peer.nickname || call.peer.userID;
  const style = {
    '--initial-position-right': '12px',
    '--initial-position-top': '96px',
    '--edge-distance': '8px',
    '--z-index': '1100',
    '--border-radius': '12px',
    '--background': 'rgba(30, 30, 30, 0.9)',
    '--bubble-width': `${CALL_BUBBLE.width}px`,
    '--bubble-height': `${CALL_BUBBLE.height}px`,
  } as CSSProperties;
  return (
    // FloatingBubble's drag filter drops every click with a mouse (and after a drag): the click is
    // taken here, on its way down, before that filter. The button inside is the named control.
    <div onClickCapture={onRestore}>
      <FloatingBubble className={styles.bubble} style={style} axis="xy" magnetic="x">
        <button type="button" className={styles.bubbleButton} aria-label={t('calls.restore')}>
          <Avatar name={name} src={call.peer.faceURL} size={44} />
          <span className={styles.bubbleText}>
            {t(call.state === CallState.Connected ? 'calls.inCall' : 'calls.waiting')}
          </span>
        </button>
      </FloatingBubble>
    </div>
  );
}
