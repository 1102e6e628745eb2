/**
 * The ringtone (incoming) and the ringback (outgoing), made with WebAudio: no audio files. One tone
 * at a time; `stopTone()` ends whichever plays, and every exit of a ringing state calls it.
 */
export type ToneKind = 'ringtone' | 'ringback';

/** Cadences: [frequencies in Hz, on ms, off ms]. */
const CADENCE: Record<ToneKind, { freqs: number[]; on: number; off: number }> = {
  ringtone: { freqs: [440, 480], on: 1000, off: 2000 },
  ringback: { freqs: [425], on: 1000, off: 4000 },
};

let current: { kind: ToneKind; context: AudioContext; timer: ReturnType<typeof setInterval> } | null = null;

export function playTone(kind: ToneKind): void {
  if (current?.kind === kind) return;
  stopTone();
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctor) return;
  const context = new Ctor();
  const { freqs, on, off } = CADENCE[kind];
  const beep = () => {
    const gain = context.createGain();
    gain.gain.value = 0.08;
    gain.connect(context.destination);
    const start = context.currentTime;
    for (const freq of freqs) {
      const osc = context.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      osc.start(start);
      osc.stop(start + on / 1000);
    }
  };
  beep();
  current = { kind, context, timer: setInterval(beep, on + off) };
}

export function stopTone(): void {
  if (!current) return;
  clearInterval(current.timer);
  void current.context.close().catch(() => undefined);
  current = null;
}

/** Which tone is playing (for tests and the journeys' checks), or null. */
export function playingTone(): ToneKind | null {
  return current?.kind ?? null;
}
