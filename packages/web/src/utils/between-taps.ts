/** Pointers (fingers, the mouse button) down now, by pointerId. */
const down = new Set<number>();
const waiting: Array<() => void> = [];
let installed = false;

/** A pointer held longer than this is not a tap: whatever waits for it goes ahead. */
const LONGEST_TAP_MS = 2000;

function flush(): void {
  if (down.size > 0) return;
  for (const task of waiting.splice(0)) task();
}

function install(): void {
  if (installed) return;
  installed = true;
  const options = { capture: true, passive: true };
  document.addEventListener('pointerdown', (event) => down.add(event.pointerId), options);
  const lifted = (event: PointerEvent) => {
    down.delete(event.pointerId);
    // The click that ends a tap is dispatched after pointerup, in the same turn: wait past it.
    setTimeout(flush, 0);
  };
  document.addEventListener('pointerup', lifted, options);
  document.addEventListener('pointercancel', lifted, options);
}

/**
 * Runs `task` when no pointer is down, so that a change of the page's elements (a deferred component
 * taking over from its plain stand-in) never lands inside a tap: a tap whose element is replaced
 * between finger down and finger up makes no click, and the tap is lost (docs/decisions.md#first-screen).
 */
export function betweenTaps(task: () => void): void {
  install();
  if (down.size === 0) {
    task();
    return;
  }
  waiting.push(task);
  setTimeout(() => {
    down.clear();
    flush();
  }, LONGEST_TAP_MS);
}

/** Starts listening for pointers now (before any tap a task may have to wait for). */
export function watchTaps(): void {
  install();
}
