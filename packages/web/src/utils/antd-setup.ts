import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { ToastShowProps } from 'antd-mobile/es/components/toast';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { afterFirstScreen } from '../router/first-screen';

type Container = (Element | DocumentFragment) & { _reactRoot?: Root };
type ToastApi = typeof import('antd-mobile/es/components/toast').default;

let toastModule: Promise<ToastApi> | null = null;

/**
 * antd-mobile's Toast (and with it its animation library) is not needed to show a first screen, so
 * it loads after it (docs/decisions.md#first-screen), or at once when something wants a toast
 * earlier.
 */
export function loadToast(): Promise<ToastApi> {
  toastModule ??= import('./toast-config').then(({ configuredToast }) => configuredToast());
  return toastModule;
}

/**
 * antd-mobile 5 renders Toast and Dialog through react-dom's legacy entry, which React 19 removed;
 * this hands it createRoot instead (the documented React 19 compatibility hook), before any screen
 * can open a dialog.
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
  afterFirstScreen(() => void loadToast());
}

/** Shows a toast from code that runs before any screen (session, call and error handlers). */
export function showToast(props: ToastShowProps): void {
  void loadToast().then((toast) => toast.show(props));
}
