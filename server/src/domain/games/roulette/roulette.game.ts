import { z } from 'zod';
import { amountInputSchema, formatAmount, parseAmount } from '../../wallet/amounts.js';
import { betFields, type InstantGame } from '../game-module.js';
import { ruleCheck } from '../rule-check.js';
import {
  ROULETTE_BET_TYPES,
  ROULETTE_MAX_CHIPS,
  rouletteMaxPayout,
  rouletteMultiplier,
  rouletteParamsError,
  rouletteSpin,
  rouletteStake,
  type RouletteChip,
  type RouletteParams,
} from './rules.js';

const chipSchema = z.object({
  type: z.enum(ROULETTE_BET_TYPES),
  numbers: z
    .array(z.number().int('chip numbers must be whole numbers'))
    .max(12, 'a chip covers at most 12 numbers')
    .default([]),
  amount: amountInputSchema,
});
export const rouletteBetSchema = z
  .object({
    ...betFields,
    chips: z
      .array(chipSchema)
      .min(1, 'place at least one chip')
      .max(ROULETTE_MAX_CHIPS, `place at most ${ROULETTE_MAX_CHIPS} chips`),
  })
  .superRefine(ruleCheck((input: { chips: RouletteChip[] }) => rouletteParamsError(input)));

/** As the bet row stores them (JSON): amounts as decimal text. */
interface StoredChip {
  type: RouletteChip['type'];
  numbers: number[];
  amount: string;
}
interface StoredParams {
  chips: StoredChip[];
}
const store = (chip: RouletteChip): StoredChip => ({
  type: chip.type,
  numbers: [...chip.numbers].sort((a, b) => a - b),
  amount: formatAmount(chip.amount),
});
const load = (params: StoredParams): RouletteParams => ({
  chips: params.chips.map((chip) => ({ ...chip, amount: parseAmount(chip.amount) })),
});

/** Roulette: European single zero; a list of chips settled on one pocket (roulette/rules.ts). */
export const ROULETTE_GAME = {
  slug: 'roulette',
  name: 'Roulette',
  description:
    'European single-zero roulette: place chips on numbers, splits, streets, corners, lines, columns, dozens and the even-money bets.',
  categories: ['roulette', 'originals'],
  rtp: '97.30',
  // 1/37 of every stake, in parts per million (floored).
  houseEdgePpm: 27_027,
  kind: 'instant',
  input: rouletteBetSchema,
  wager: (input: z.output<typeof rouletteBetSchema>) => ({
    amount: rouletteStake(input.chips),
    params: { chips: input.chips.map(store) },
  }),
  paramsError: (params: StoredParams) => rouletteParamsError(load(params)),
  floatCount: () => 1,
  settle(floats: readonly number[], params: StoredParams, amount: bigint) {
    const spin = rouletteSpin(floats, load(params));
    const outcome = {
      pocket: spin.pocket,
      chips: spin.chips.map((chip) => ({ ...store(chip), payout: formatAmount(chip.payout) })),
    };
    return { outcome, multiplier: rouletteMultiplier(spin.payout, amount), payout: spin.payout };
  },
  maxPayout: (params: StoredParams) => rouletteMaxPayout(load(params).chips),
} as const satisfies InstantGame<typeof rouletteBetSchema, StoredParams>;
