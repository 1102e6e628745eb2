/** What a PASSIVE checkpoint answers: the WAL's frames, and how many of them are in the database file. */
export interface PassResult {
  log: number;
  checkpointed: number;
}

export interface PassPacing {
  idleMs: number;
  busyMs: number;
  nearEndMs: number;
  /** The WAL's length, in frames, at which the writer checkpoints it itself (`wal_autocheckpoint`). */
  endPages: number;
  /** How long before that end, at the writer's pace, passes start coming every `nearEndMs`. */
  leadMs: number;
}

/** The last pass: the WAL's length then, and when. */
export interface LastPass {
  log: number;
  at: number;
}

/**
 * When the checkpointer's next pass comes (wal-checkpointer.ts), in ms: `busyMs` while the pass left
 * frames behind, else `idleMs`; but once the WAL is within `leadMs` of its end at the pace it grew since
 * the last pass, every `nearEndMs`, and never later than that point. A pass answers only the frames
 * committed before it began, so under a steady stream of commits it seldom sees frames left behind, and
 * its pace stays near `idleMs`.
 */
export function nextPassIn(result: PassResult, last: LastPass, now: number, pacing: PassPacing): number {
  const usual = result.log > result.checkpointed ? pacing.busyMs : pacing.idleMs;
  // Frames a millisecond since the last pass; none when the WAL started again from its beginning.
  const pace = result.log > last.log && now > last.at ? (result.log - last.log) / (now - last.at) : 0;
  if (pace === 0) return usual;
  const untilEnd = (pacing.endPages - result.log) / pace;
  if (untilEnd <= pacing.leadMs) return pacing.nearEndMs;
  return Math.max(pacing.nearEndMs, Math.min(usual, untilEnd - pacing.leadMs));
}
