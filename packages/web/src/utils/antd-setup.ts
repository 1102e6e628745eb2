import type { ToastShowProps } from 'antd-mobile/es/components/toast';

type ToastApi = typeof import('antd-mobile/es/components/toast').default;

let toastModule: Promise<ToastApi> | null = null;

/**
 * antd-mobile's Toast (and with it its animation library) is not needed to show a first screen: it
 * loads with the first toast, or with a screen that imports it (docs/decisions.md#first-screen).
 * Its overlays render with React 19's createRoot through utils/react-19-render.ts (a build alias).
 */
export function loadToast(): Promise<ToastApi> {
  toastModule ??= import('./toast-config').then(({ configuredToast }) => configuredToast());
  return toastModule;
}

/** Shows a toast from code that runs before any screen (session, call and error handlers). */
export function showToast(props: ToastShowProps): void {
  void loadToast().then((toast) => toast.show(props));
}
