import { z } from 'zod';
import { stakeFields, type InstantGame } from '../game-module.js';
import { applyRatio } from '../shared/ratio.js';
import { SLOT_FLOAT_COUNT, SLOTS_RTP_PERCENT, slotsMaxMultiplier, slotsOutcome, type SlotsOutcome } from './rules.js';

export const slotsBetSchema = z.object(stakeFields);

/** Nothing to choose but the stake: the bet row stores no params. */
type SlotsParams = Record<string, never>;

/** The original video slot: 5 reels, 3 rows, 20 lines, wilds, scatters and free spins (slots/rules.ts). */
export const SLOTS_GAME = {
  slug: 'slots',
  name: 'Slots',
  description:
    'Five reels, twenty lines: wilds stand in, three scatters anywhere award free spins at double pay, and free spins retrigger.',
  categories: ['slots', 'originals'],
  rtp: SLOTS_RTP_PERCENT,
  // 100% - 97.53% (exact-rtp.ts), in parts per million, rounded down.
  houseEdgePpm: 24_658,
  kind: 'instant',
  input: slotsBetSchema,
  wager: (input: z.output<typeof slotsBetSchema>) => ({ amount: input.amount, params: {} }),
  paramsError: () => null,
  floatCount: () => SLOT_FLOAT_COUNT,
  settle(floats: readonly number[], _params: SlotsParams, amount: bigint) {
    const { outcome, multiplier } = slotsOutcome(floats);
    return { outcome, multiplier, payout: applyRatio(amount, multiplier) };
  },
  // A slot's best case is far past any sensible stake's profit limit: the engine caps the win instead of refusing.
  capsAtProfitLimit: true,
  maxPayout: (_params: SlotsParams, amount: bigint) => applyRatio(amount, slotsMaxMultiplier()),
} as const satisfies InstantGame<typeof slotsBetSchema, SlotsParams, SlotsOutcome>;
