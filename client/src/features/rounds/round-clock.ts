/**
 * A round game's clock on this screen (crash's curve, the wheel's spin): drawn from the round's start on the server's clock. Each answer and event carries
 * `serverTime`; the offset to the local clock is taken from the latest one (the correcting tick), so every screen
 * shows the multiplier the servers would read.
 */
export interface CrashClock {
  /** serverTime - local time when it was received (ms). */
  offsetMs: number;
}

export function clockFrom(serverTime: string | undefined, receivedAt = Date.now()): CrashClock {
  return { offsetMs: serverTime ? Date.parse(serverTime) - receivedAt : 0 };
}

/** Milliseconds since the round started, on the server's clock. */
export function elapsedMs(startedAt: string, clock: CrashClock, now = Date.now()): number {
  return Math.max(0, now + clock.offsetMs - Date.parse(startedAt));
}
