/** The arithmetic of promotions, pure: prize tables, reload windows and amounts. Money in 1e-8 units (bigint). */

export const PPM = 1_000_000n;

/**
 * Prizes as shares of a pool, each floored to the unit: their sum never passes the pool (the dust is simply not paid,
 * the house keeps it). Shares are ppm of the pool and must not add up past the whole of it.
 */
export function prizesFromShares(pool: bigint, sharesPpm: readonly number[]): bigint[] {
  const total = sharesPpm.reduce((sum, share) => sum + share, 0);
  if (total > Number(PPM)) throw new RangeError('prize shares add up to more than the pool');
  return sharesPpm.map((share) => (pool * BigInt(share)) / PPM);
}

export type ReloadPeriod = 'day' | 'week';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The reload window `at` falls in (UTC days; weeks start on Monday 00:00 UTC) and the one before it, whose wagering
 * the claim is computed from.
 */
export function reloadWindow(period: ReloadPeriod, at: Date): { start: Date; end: Date; previousStart: Date } {
  const day = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  // 1970-01-01 was a Thursday: days since the last Monday.
  const sinceMonday = (Math.floor(at.getTime() / DAY_MS) + 3) % 7;
  const start = period === 'day' ? day : day - sinceMonday * DAY_MS;
  const length = period === 'day' ? DAY_MS : 7 * DAY_MS;
  return { start: new Date(start), end: new Date(start + length), previousStart: new Date(start - length) };
}

/** What a reload pays: `ratePpm` of the previous window's wagering, floored to the unit, at most `cap`. */
export function reloadAmount(wagered: bigint, ratePpm: number, cap: bigint): bigint {
  const amount = (wagered * BigInt(ratePpm)) / PPM;
  return amount < cap ? amount : cap;
}

/** "12.5" percent as ppm (125000), exact; up to 4 decimals. */
export function percentToPpm(text: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Not a percentage with at most 4 decimals: ${text}`);
  return Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
}

/** 125000 ppm -> "12.5" (percent), exact. */
export function ppmToPercent(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  const fraction = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Ordinal place label: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st... */
export function placeLabel(place: number): string {
  const tens = place % 100;
  if (tens >= 11 && tens <= 13) return `${place}th`;
  return `${place}${['th', 'st', 'nd', 'rd'][place % 10] ?? 'th'}`;
}
