/** A tick this recent means the live channel carries the round: no need to re-read it every second. */
export const TICKS_FRESH_MS = 2_500;

/**
 * How soon `<slug>.current` is read again: every second while a round runs and its ticks are not arriving (the
 * socket away), every 5 s while they are (a safety net for missed events), every 3 s between rounds.
 */
export function roundRefetchMs(state: string | undefined, msSinceTick: number): number {
  if (state !== 'running') return 3_000;
  return msSinceTick < TICKS_FRESH_MS ? 5_000 : 1_000;
}
