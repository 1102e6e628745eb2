import type { ToastShowProps } from 'antd-mobile/es/components/toast';
import { afterFirstScreen } from '../router/first-screen';

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
 * antd-mobile's overlays render with React 19's createRoot through utils/react-19-render.ts (a build
 * alias); the Toast module itself loads once the first screen is shown.
 */
export function setupAntd(): void {
  afterFirstScreen(() => void loadToast());
}

/** Shows a toast from code that runs before any screen (session, call and error handlers). */
export function showToast(props: ToastShowProps): void {
  void loadToast().then((toast) => toast.show(props));
}
