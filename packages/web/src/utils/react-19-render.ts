import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { ReactElement } from 'react';

type Container = Element | DocumentFragment;

const roots = new WeakMap<Container, Root>();

/**
 * Stands in for `rc-util/lib/React/render`, through which antd-mobile 5 renders Toast, Dialog and
 * its other imperative overlays (vite.config.ts aliases it). That module looks for React 18's
 * legacy entry, which React 19 removed, and brings Babel's async runtime along; this is React 19's
 * own createRoot, and nothing else (docs/decisions.md#first-screen).
 */
export function render(node: ReactElement, container: Container): void {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
}

/** Unmounts after the current task, as rc-util does: a dialog may close from its own handler. */
export async function unmount(container: Container): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  roots.get(container)?.unmount();
  roots.delete(container);
}
