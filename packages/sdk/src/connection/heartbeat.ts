export interface HeartbeatOptions {
  /** How often the client sends an app-level heartbeat. */
  intervalMs: number;
  /** Silence (no frame at all) longer than this means the socket is dead. */
  deadAfterMs: number;
}

export const DEFAULT_HEARTBEAT: HeartbeatOptions = { intervalMs: 25_000, deadAfterMs: 60_000 };

/**
 * App-level liveness. Browsers hide protocol pings, and a socket on a dropped network can stay
 * "open" for minutes, so the client sends a heartbeat request on a timer and counts any inbound
 * frame as a sign of life; when nothing came for deadAfterMs it declares the socket dead.
 */
export class Heartbeat {
  #options: HeartbeatOptions;
  #beat: () => void;
  #dead: () => void;
  #timer: ReturnType<typeof setInterval> | null = null;
  #lastSeen = 0;

  constructor(options: HeartbeatOptions, beat: () => void, dead: () => void) {
    this.#options = options;
    this.#beat = beat;
    this.#dead = dead;
  }

  start(): void {
    this.stop();
    this.#lastSeen = Date.now();
    // Check more often than we beat, so a dead socket is found soon after deadAfterMs.
    const tick = Math.max(10, Math.min(this.#options.intervalMs, this.#options.deadAfterMs / 2));
    let sinceBeat = 0;
    this.#timer = setInterval(() => {
      if (Date.now() - this.#lastSeen > this.#options.deadAfterMs) {
        this.stop();
        this.#dead();
        return;
      }
      sinceBeat += tick;
      if (sinceBeat >= this.#options.intervalMs) {
        sinceBeat = 0;
        this.#beat();
      }
    }, tick);
  }

  /** Any frame from the server proves the socket alive. */
  seen(): void {
    this.#lastSeen = Date.now();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}
