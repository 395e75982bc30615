/**
 * Crash (FAIRNESS.md "Round games"): the crash point from a round's HMAC, and the multiplier curve every screen and
 * every server reads from the round's start time. Pure (no crypto here), so the client's verifier shares it.
 * Multipliers are integer hundredths: 1.00x is 100.
 */

/** 2^52: the first 13 hex digits of the round's HMAC read as a 52-bit integer. */
const TWO_POW_52 = 2 ** 52;
/** The curve's growth rate per millisecond. */
export const CRASH_GROWTH_PER_MS = 0.00006;
/** The lowest auto cash-out target (hundredths): 1.00x would pay the stake back at no risk. */
export const CRASH_MIN_TARGET = 101;
/** The highest auto cash-out target accepted (hundredths): 1,000,000.00x. */
export const CRASH_MAX_TARGET = 100_000_000;

/** The crash point in hundredths from the round value H (64 hex digits): `max(1, floor(99 / (1 - X)) / 100)`. */
export function crashPointFromHmac(hmacHex: string): number {
  if (!/^[0-9a-f]{64}$/.test(hmacHex)) throw new RangeError('round value must be 64 lowercase hex digits');
  const x = parseInt(hmacHex.slice(0, 13), 16) / TWO_POW_52;
  return Math.max(100, Math.floor(99 / (1 - x)));
}

/** The multiplier shown `elapsedMs` after the start, in hundredths: `floor(100 * e^(0.00006 t))`. */
export function multiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs));
}

/** The first whole millisecond at which the curve shows at least `hundredths` (the bust time of a crash point). */
export function msToReach(hundredths: number): number {
  if (hundredths <= 100) return 0;
  // The closed form lands within a millisecond or two of the answer; the float curve itself decides the edge.
  let t = Math.max(0, Math.floor(Math.log(hundredths / 100) / CRASH_GROWTH_PER_MS) - 2);
  while (multiplierAt(t) < hundredths) t += 1;
  while (t > 0 && multiplierAt(t - 1) >= hundredths) t -= 1;
  return t;
}

/** "2.35" from 235. */
export function formatHundredths(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
