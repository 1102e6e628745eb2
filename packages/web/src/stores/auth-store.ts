import { create } from 'zustand';
import { LoginStatus } from '@im/sdk';
import { im } from '../sdk/im';

/**
 * The messaging core's login status, mirrored so screens re-render when it changes, and the
 * short moment between a forced logout (kicked, expired) and the move to /login, while the
 * toast is still showing.
 */
export interface AuthState {
  status: LoginStatus;
  signingOut: boolean;
  setSigningOut: (signingOut: boolean) => void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  status: im.getLoginStatus(),
  signingOut: false,
  setSigningOut: (signingOut) => set({ signingOut }),
}));

im.on('loginStatusChanged', (status) => useAuthStore.setState({ status }));

export const isLogged = (status: LoginStatus) => status === LoginStatus.Logged;
