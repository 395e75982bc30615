import { z } from 'zod';
import type { RoundGame } from '../../rounds/round-game.js';
import { originalsMeta, stakeFields } from '../game-module.js';
import {
  CRASH_MAX_TARGET,
  CRASH_MIN_TARGET,
  crashPointFromHmac,
  formatHundredths,
  msToReach,
  multiplierAt,
} from './rules.js';
import { compareRatio, ratio, type Ratio } from '../shared/ratio.js';

/** An auto cash-out target as the player types it: "2", "2.5", "2.50" (at most two decimals), from 1.01x. */
const targetSchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'autoCashout must be a multiplier with at most 2 decimals'))
  .transform((text) => Math.round(Number(text) * 100))
  .refine(
    (h) => h >= CRASH_MIN_TARGET && h <= CRASH_MAX_TARGET,
    `autoCashout must be between ${formatHundredths(CRASH_MIN_TARGET)} and ${formatHundredths(CRASH_MAX_TARGET)}`,
  );

export const crashBetSchema = z.object({ ...stakeFields, autoCashout: targetSchema.optional() });

/** A crash bet's params: the auto cash-out target in hundredths, if any. */
export interface CrashParams {
  autoCashout?: number;
}
/** A round's outcome: the crash point in hundredths. */
export interface CrashResult {
  crashPoint: number;
}

const hundredths = (h: number): Ratio => ratio(BigInt(h), 100n);

/** The point a bet leaves by itself: its auto cash-out, or the profit limit's point when that comes first. */
function exitPoint(params: CrashParams, capAt: Ratio): Ratio {
  if (params.autoCashout === undefined) return capAt;
  const auto = hundredths(params.autoCashout);
  return compareRatio(auto, capAt) <= 0 ? auto : capAt;
}

const LOST = ratio(0n);

export const CRASH_GAME = {
  ...originalsMeta(
    'crash',
    'Crash',
    'One public round: the multiplier climbs until it busts. Cash out before it does.',
  ),
  slug: 'crash' as const,
  kind: 'round' as const,
  input: crashBetSchema,
  amountFields: ['amount', 'autoCashout'],
  wager: (input) => ({
    amount: input.amount,
    params: input.autoCashout === undefined ? {} : { autoCashout: input.autoCashout },
  }),
  paramsError: (params) =>
    params.autoCashout !== undefined && (params.autoCashout < CRASH_MIN_TARGET || params.autoCashout > CRASH_MAX_TARGET)
      ? 'autoCashout is out of range'
      : null,
  result: (roundValue) => ({ crashPoint: crashPointFromHmac(roundValue) }),
  timings: (env) => ({ bettingMs: env.ROUND_BETTING_MS, cooldownMs: env.ROUND_COOLDOWN_MS, tickMs: env.ROUND_TICK_MS }),
  runningMs: (result) => msToReach(result.crashPoint),
  // An exit at `a` pays exactly `a` whenever a <= crash (the auto cash-out, or the profit limit's point).
  settle(params, result, capAt) {
    const exit = exitPoint(params, capAt);
    return compareRatio(exit, hundredths(result.crashPoint)) <= 0 ? exit : LOST;
  },
  cashout(params, result, elapsedMs, capAt) {
    const exit = exitPoint(params, capAt);
    const now = hundredths(multiplierAt(elapsedMs));
    const crash = hundredths(result.crashPoint);
    // The bet already left by itself on the way up: it pays its exit point, whenever the cash-out is read.
    if (compareRatio(exit, now) <= 0 && compareRatio(exit, crash) <= 0) return { multiplier: exit };
    if (compareRatio(now, crash) >= 0) return { refused: 'The round has crashed' };
    return { multiplier: now };
  },
  publicResult: (result) => ({ crashPoint: formatHundredths(result.crashPoint) }),
  publicParams: (params) =>
    params.autoCashout === undefined ? {} : { autoCashout: formatHundredths(params.autoCashout) },
} satisfies RoundGame<typeof crashBetSchema, CrashParams, CrashResult>;
