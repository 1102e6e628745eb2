import { create } from 'zustand';
import type { CallInfo } from '@im/sdk';

/**
 * What the call overlay renders, straight from `im.calls`' events (bind-call-events.ts): the web
 * keeps no call logic of its own. `minimised` is the overlay's own view state.
 */
export interface CallViewState {
  call: CallInfo | null;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  /** The peer's audio level, 0..1. */
  audioLevel: number;
  minimised: boolean;
  setMinimised: (minimised: boolean) => void;
}

export const useCallStore = create<CallViewState>()((set) => ({
  call: null,
  localStream: null,
  remoteStream: null,
  audioLevel: 0,
  minimised: false,
  setMinimised: (minimised) => set({ minimised }),
}));
