import { useRef } from 'react';
import type { CSSProperties, PointerEvent } from 'react';
import { FloatingBubble } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
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
/** How far a finger may move and still tap (not drag) the bubble. */
const TAP_SLOP_PX = 10;

export function CallBubble({ call, onRestore }: { call: CallInfo; onRestore: () => void }) {
  const { t } = useTranslation();
  // A tap is a press and release in (nearly) one place: the drag filter may swallow the click that
  // follows a touch, so the release itself restores too. A drag moves further and restores nothing.
  const down = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent) => (down.current = { x: event.clientX, y: event.clientY });
  const onPointerUp = (event: PointerEvent) => {
    const start = down.current;
    down.current = null;
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) < TAP_SLOP_PX) onRestore();
  };
  const name = call.peer.nickname || call.peer.userID;
  const style = {
    '--initial-position-right': '12px',
    '--initial-position-top': '96px',
    '--edge-distance': '8px',
    '--z-index': '1100',
    '--border-radius': '12px',
    '--background': 'var(--im-call-panel)',
    '--bubble-width': `${CALL_BUBBLE.width}px`,
    '--bubble-height': `${CALL_BUBBLE.height}px`,
  } as CSSProperties;
  return (
    // FloatingBubble's drag filter drops every click with a mouse (and after a drag): the click is
    // taken here, on its way down, before that filter. The button inside is the named control.
    <div onClickCapture={onRestore} onPointerDownCapture={onPointerDown} onPointerUpCapture={onPointerUp}>
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
