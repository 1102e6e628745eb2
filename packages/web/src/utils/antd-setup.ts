import type { ToastShowProps } from 'antd-mobile/es/components/toast';

type ToastApi = typeof import('antd-mobile/es/components/toast').default;

let overlays: Promise<ToastApi> | null = null;

/**
 * antd-mobile's overlays (Toast, Dialog) and their animation library are not needed to show a first
 * screen, so they load after it (docs/decisions.md#first-screen): on the first idle moment, or at
 * once when something wants a toast earlier.
 */
export function loadAntdOverlays(): Promise<ToastApi> {
  overlays ??= import('./antd-overlays').then(({ setupOverlays }) => setupOverlays());
  return overlays;
}

export function setupAntd(): void {
  const load = () => void loadAntdOverlays();
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 200);
}

/** Shows a toast from code that runs before any screen (session, call and error handlers). */
export function showToast(props: ToastShowProps): void {
  void loadAntdOverlays().then((toast) => toast.show(props));
}
