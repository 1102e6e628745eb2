import { useSyncExternalStore } from 'react';

/**
 * The one voice message playing (docs/product.md#media-messages: one voice plays at a time):
 * a single audio element shared by every voice bubble; playing one stops the one before.
 */
let audio: HTMLAudioElement | null = null;
let playing: string | null = null;
const listeners = new Set<() => void>();

function set(next: string | null): void {
  playing = next;
  for (const listener of [...listeners]) listener();
}

function element(): HTMLAudioElement {
  if (!audio) {
    audio = new Audio();
    audio.addEventListener('ended', () => set(null));
    audio.addEventListener('error', () => set(null));
  }
  return audio;
}

/** Plays a voice message (stopping any other); resolves when it started. */
export async function playVoice(clientMsgID: string, url: string): Promise<void> {
  const player = element();
  player.pause();
  player.src = url;
  player.currentTime = 0;
  set(clientMsgID);
  try {
    await player.play();
  } catch (error) {
    if (playing === clientMsgID) set(null);
    throw error;
  }
}

export function stopVoice(): void {
  audio?.pause();
  set(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The clientMsgID of the voice playing now, or null. */
export function usePlayingVoice(): string | null {
  return useSyncExternalStore(subscribe, () => playing);
}
