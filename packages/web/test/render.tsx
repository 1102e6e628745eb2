import { act } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';

/**
 * Renders with this package's React 19. @testing-library/react would use the React 18 that npm
 * hoisted to the repository root (a peer of antd-mobile's dependencies), which cannot render
 * React 19 elements; queries come from @testing-library/dom instead.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: { root: Root; container: HTMLElement }[] = [];

export async function render(node: ReactNode): Promise<HTMLElement> {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(async () => root.render(node));
  mounted.push({ root, container });
  return container;
}

export async function cleanup(): Promise<void> {
  for (const { root, container } of mounted.splice(0)) {
    await act(async () => root.unmount());
    container.remove();
  }
}
