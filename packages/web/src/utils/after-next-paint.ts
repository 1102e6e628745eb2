/**
 * Runs `task` once the browser has painted the next frame (a task posted from its animation frame
 * runs after that frame's rendering), unless cancelled first. For work a screen does not need for
 * its first frame: requests started while a screen opens add to the time until it shows
 * (docs/decisions.md#first-screen).
 */
export function afterNextPaint(task: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      if (!cancelled) task();
    }, 0);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
