import { z } from 'zod';
import type { RoundGame } from '../../rounds/round-game.js';
import { amountInputSchema, formatAmount, parseAmount } from '../../wallet/amounts.js';
import { betFields } from '../game-module.js';
import { ruleCheck } from '../rule-check.js';
import { compareRatio, formatRatio, type Ratio } from '../shared/ratio.js';
import {
  WHEEL_VALUES,
  wheelChipsError,
  wheelExactRtp,
  wheelMultiplier,
  wheelResult,
  wheelRunningMs,
  wheelStake,
  type WheelChip,
  type WheelResult,
  type WheelValue,
} from './rules.js';
import { wheelFairnessTables } from './wheel.doc.js';

const chipSchema = z.object({
  value: z.union(
    WHEEL_VALUES.map((value) => z.literal(value)) as unknown as [
      z.ZodLiteral<WheelValue>,
      ...z.ZodLiteral<WheelValue>[],
    ],
    {
      error: `a chip goes on one of the values ${WHEEL_VALUES.join(', ')}`,
    },
  ),
  amount: amountInputSchema,
});
export const wheelBetSchema = z
  .object({
    ...betFields,
    chips: z.array(chipSchema).min(1, 'place at least one chip').max(WHEEL_VALUES.length, `at most one chip per value`),
  })
  .superRefine(ruleCheck((input: { chips: WheelChip[] }) => wheelChipsError(input.chips)));

/** As the bet row stores them (JSON): amounts as decimal text, in the table's value order. */
interface StoredParams {
  chips: { value: WheelValue; amount: string }[];
}
const load = (params: StoredParams): WheelChip[] =>
  params.chips.map((chip) => ({ value: chip.value, amount: parseAmount(chip.amount) }));

const RTPS = WHEEL_VALUES.map(wheelExactRtp);
const lowest = RTPS.reduce((a, b) => (compareRatio(a, b) <= 0 ? a : b));
const highest = RTPS.reduce((a, b) => (compareRatio(a, b) >= 0 ? a : b));
const PPM = 1_000_000n;

/** The money wheel (wheel/rules.ts): chips on the values, one public spin (and its re-spins) per round. */
export const WHEEL_GAME = {
  slug: 'wheel' as const,
  fairnessTables: wheelFairnessTables,
  name: 'Money Wheel',
  description:
    'A public money wheel every 20 seconds: chips on 1, 2, 4, 10 or 42; the 2x and 7x segments spin again and multiply the win.',
  categories: ['gameshows'],
  // The catalogue shows the lowest bet's exact RTP (floored); each bet's own is on the page and in docs/fairness.md.
  rtp: formatRatio({ num: lowest.num * 100n, den: lowest.den }, 2),
  // The smallest edge of any bet (floored ppm): XP, rakeback and referrals never credit more edge than a bet gives.
  houseEdgePpm: Number(((highest.den - highest.num) * PPM) / highest.den),
  kind: 'round' as const,
  input: wheelBetSchema,
  amountFields: ['amount'],
  wager: (input) => ({
    amount: wheelStake(input.chips),
    params: {
      chips: WHEEL_VALUES.flatMap((value) =>
        input.chips
          .filter((chip) => chip.value === value)
          .map((chip) => ({ value, amount: formatAmount(chip.amount) })),
      ),
    },
  }),
  paramsError: (params) => wheelChipsError(load(params)),
  result: (roundValue) => wheelResult(roundValue),
  // Betting is closed by then and later bets ride the next round (another hash): every screen spins to the result.
  showsResultWhileRunning: true,
  timings: (env) => ({ bettingMs: env.WHEEL_BETTING_MS, cooldownMs: env.WHEEL_COOLDOWN_MS, tickMs: env.ROUND_TICK_MS }),
  runningMs: (result) => wheelRunningMs(result),
  settle: (params, result, capAt: Ratio) => wheelMultiplier(load(params), result, capAt),
  publicResult: (result) => ({ wheel: { spins: result.spins, value: result.value, multiplier: result.multiplier } }),
  publicParams: (params) => ({ chips: params.chips }),
} satisfies RoundGame<typeof wheelBetSchema, StoredParams, WheelResult>;
