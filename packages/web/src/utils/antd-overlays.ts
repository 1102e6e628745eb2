import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import Toast from 'antd-mobile/es/components/toast';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { TOAST_DURATION_MS } from '@im/protocol';

type Container = (Element | DocumentFragment) & { _reactRoot?: Root };

/**
 * antd-mobile 5 renders Toast and Dialog through react-dom's legacy entry, which React 19 removed;
 * this hands it createRoot instead (the documented React 19 compatibility hook). Loaded lazily by
 * utils/antd-setup.ts.
 */
export function setupOverlays(): typeof Toast {
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
  return Toast;
}
