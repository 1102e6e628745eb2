import { create } from 'zustand';
import type { UserInfo } from '@im/protocol';

/** User state (docs/product.md#client-state): own profile and the reinstall-sync progress (0-100). */
export interface UserState {
  selfInfo: UserInfo | null;
  isSyncing: boolean;
  reinstall: boolean;
  progress: number;
  setSelfInfo: (selfInfo: UserInfo | null) => void;
  updateSelfInfo: (fields: Partial<UserInfo>) => void;
  setSync: (sync: Partial<Pick<UserState, 'isSyncing' | 'reinstall' | 'progress'>>) => void;
  reset: () => void;
}

const initial = { selfInfo: null, isSyncing: false, reinstall: false, progress: 0 };

export const useUserStore = create<UserState>()((set) => ({
  ...initial,
  setSelfInfo: (selfInfo) => set({ selfInfo }),
  updateSelfInfo: (fields) => set((s) => (s.selfInfo ? { selfInfo: { ...s.selfInfo, ...fields } } : {})),
  setSync: (sync) => set(sync),
  reset: () => set(initial),
}));
