/** How often the peer's audio level is read. */
const LEVEL_EVERY_MS = 250;

/**
 * The peer's audio level (0..1) for the overlay's sound indicator: the audio receiver's
 * `getSynchronizationSources()` when the browser has it, else the inbound-rtp stats.
 */
export class AudioLevelMeter {
  #pc: RTCPeerConnection;
  #report: (level: number) => void;
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(pc: RTCPeerConnection, report: (level: number) => void) {
    this.#pc = pc;
    this.#report = report;
  }

  start(): void {
    this.#timer ??= setInterval(() => {
      this.#read().then(this.#report, () => undefined);
    }, LEVEL_EVERY_MS);
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  async #read(): Promise<number> {
    const receiver = this.#pc.getReceivers().find((r) => r.track?.kind === 'audio');
    if (!receiver) return 0;
    const sources = receiver.getSynchronizationSources?.() ?? [];
    if (sources.length > 0 && typeof sources[0].audioLevel === 'number') return sources[0].audioLevel;
    const stats = await receiver.getStats();
    let level = 0;
    stats.forEach((report: { type?: string; kind?: string; audioLevel?: number }) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio' && typeof report.audioLevel === 'number')
        level = report.audioLevel;
    });
    return level;
  }
}
