import { useRef } from 'react';
import type { CSSProperties } from 'react';
import { FloatingBubble } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CALL_BUBBLE } from '@im/protocol';
import type { CallInfo } from '@im/sdk';
import { CallState } from '@im/sdk';
import { Avatar } from '../components/avatar';
import styles from './call-overlay.module.css';

/** A tap right after a drag is the drag's end, not a tap. */
const DRAG_TAP_GUARD_MS = 300;

/**
 * The minimised call (docs/product.md#call-overlay): a draggable 86×110 bubble with the peer's avatar
 * and "waiting" or "in call"; FloatingBubble keeps it inside the window. Tapping it restores the overlay.
 */
export function CallBubble({ call, onRestore }: { call: CallInfo; onRestore: () => void }) {
  const { t } = useTranslation();
  const movedAt = useRef(0);
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
    <FloatingBubble
      className={styles.bubble}
      style={style}
      axis="xy"
      magnetic="x"
      onOffsetChange={() => {
        movedAt.current = Date.now();
      }}
    >
      <button
        type="button"
        className={styles.bubbleButton}
        aria-label={t('calls.restore')}
        data-testid="call-bubble"
        onClick={() => {
          if (Date.now() - movedAt.current > DRAG_TAP_GUARD_MS) onRestore();
        }}
      >
        <Avatar name={name} src={call.peer.faceURL} size={44} />
        <span className={styles.bubbleText}>
          {t(call.state === CallState.Connected ? 'calls.inCall' : 'calls.waiting')}
        </span>
      </button>
    </FloatingBubble>
  );
}
