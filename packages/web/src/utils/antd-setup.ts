import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { Toast, unstableSetRender } from 'antd-mobile';
import { TOAST_DURATION_MS } from '@im/protocol';

type Container = (Element | DocumentFragment) & { _reactRoot?: Root };

/**
 * antd-mobile 5 renders Toast and Dialog through react-dom's legacy entry, which React 19 removed;
 * this hands it createRoot instead (the documented React 19 compatibility hook).
 */
export function setupAntd(): void {
  unstableSetRender((node, container: Container) => {
    container._reactRoot ??= createRoot(container);
    const root = container._reactRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete container._reactRoot;
    };
  });
  Toast.config({ duration: TOAST_DURATION_MS });
}
