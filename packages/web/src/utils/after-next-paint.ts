/** The longest an idle moment is waited for once the frame is painted. */
const IDLE_TIMEOUT_MS = 300;

/**
 * Runs `task` once the browser has painted the next frame and then has an idle moment (at most
 * ~300 ms later), unless cancelled first. For work a screen does not need for its first frames:
 * requests started while a chat opens competed with the frames that show its messages
 * (docs/decisions.md#first-screen).
 */
export function afterNextPaint(task: () => void): () => void {
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  const run = () => {
    if (!cancelled) task();
  };
  const frame = requestAnimationFrame(() => {
    if ('requestIdleCallback' in window) {
      const idle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(idle);
    } else {
      const timer = setTimeout(run, 0);
      cancelIdle = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    cancelIdle?.();
  };
}
