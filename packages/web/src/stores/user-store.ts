import { create } from 'zustand';
import type { UserInfo } from '@im/protocol';

/** User state (docs/product.md#client-state): own profile and the reinstall-sync progress (0-100). */
export interface UserState {
  selfInfo: UserInfo | null;
  isSyncing: boolean;
  reinstall: boolean;
  progress: number;
  /** A sync has ended (finished or failed) since the app started: an empty list is final then. */
  synced: boolean;
  setSelfInfo: (selfInfo: UserInfo | null) => void;
  updateSelfInfo: (fields: Partial<UserInfo>) => void;
  setSync: (sync: Partial<Pick<UserState, 'isSyncing' | 'reinstall' | 'progress' | 'synced'>>) => void;
  reset: () => void;
}

const initial = { selfInfo: null, isSyncing: false, reinstall: false, progress: 0, synced: false };

export const useUserStore = create<UserState>()((set) => ({
  ...initial,
  setSelfInfo: (selfInfo) => set({ selfInfo }),
  updateSelfInfo: (fields) => set((s) => (s.selfInfo ? { selfInfo: { ...s.selfInfo, ...fields } } : {})),
  setSync: (sync) => set(sync),
  reset: () => set(initial),
}));
