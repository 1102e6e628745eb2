import { create } from 'zustand';

interface AppUpdateState {
  /** Activates the waiting version and reloads once it controls the page; null while none waits. */
  applyUpdate: (() => Promise<void>) | null;
  setWaiting: (apply: () => Promise<void>) => void;
}

/** Whether a new version of the app is installed and waiting (docs/product.md#installable-app). */
export const useAppUpdateStore = create<AppUpdateState>((set) => ({
  applyUpdate: null,
  setWaiting: (apply) => set({ applyUpdate: apply }),
}));
