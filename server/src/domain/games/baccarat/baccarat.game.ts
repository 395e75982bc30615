import { z } from 'zod';
import { amountInputSchema, formatAmount, parseAmount } from '../../wallet/amounts.js';
import { betFields, type InstantGame } from '../game-module.js';
import { ruleCheck } from '../rule-check.js';
import { applyRatio, ratio } from '../shared/ratio.js';
import {
  BACCARAT_FLOATS,
  BACCARAT_SPOTS,
  baccaratDeal,
  baccaratReturn,
  baccaratStakesError,
  type BaccaratHand,
  type BaccaratSpot,
  type BaccaratStakes,
} from './rules.js';

/** Any combination of the three spots; an absent spot stakes nothing, at least one stakes something. */
export const baccaratBetSchema = z
  .object({
    ...betFields,
    player: amountInputSchema.optional(),
    banker: amountInputSchema.optional(),
    tie: amountInputSchema.optional(),
  })
  .superRefine(ruleCheck((input: Partial<BaccaratStakes>) => baccaratStakesError(stakesOf(input))));

/** The stakes per spot as the bet row records them (decimal strings, JSON has no bigint). */
type BaccaratParams = Record<BaccaratSpot, string>;
export type BaccaratOutcome = BaccaratHand & { bets: BaccaratParams };

function stakesOf(input: Partial<Record<BaccaratSpot, bigint>>): BaccaratStakes {
  return { player: input.player ?? 0n, banker: input.banker ?? 0n, tie: input.tie ?? 0n };
}
const parsedStakes = (params: BaccaratParams): BaccaratStakes => ({
  player: parseAmount(params.player),
  banker: parseAmount(params.banker),
  tie: parseAmount(params.tie),
});

/**
 * The edge the accruals use (rakeback, referral commission): the banker bet's, the smallest of the three, so no accrual
 * ever passes the edge of the bet it is paid on. Exact returns in rules.ts (baccaratExactRtp); a unit test ties these to it.
 */
export const BACCARAT_HOUSE_EDGE_PPM = 10_639;
export const BACCARAT_BEST_RTP = '98.93';

/** Baccarat: chips on player, banker and tie, one coup, the third-card rules (rules.ts). */
export const BACCARAT_GAME = {
  slug: 'baccarat',
  name: 'Baccarat',
  description: 'Bet on the player, the banker or a tie; the third card is drawn by the standard tableau.',
  categories: ['originals'],
  rtp: BACCARAT_BEST_RTP,
  houseEdgePpm: BACCARAT_HOUSE_EDGE_PPM,
  kind: 'instant',
  input: baccaratBetSchema,
  amountFields: BACCARAT_SPOTS,
  wager(input: z.output<typeof baccaratBetSchema>) {
    const stakes = stakesOf(input);
    return {
      amount: stakes.player + stakes.banker + stakes.tie,
      params: {
        player: formatAmount(stakes.player),
        banker: formatAmount(stakes.banker),
        tie: formatAmount(stakes.tie),
      },
    };
  },
  paramsError: (params: BaccaratParams) => baccaratStakesError(parsedStakes(params)),
  floatCount: () => BACCARAT_FLOATS,
  settle(floats: readonly number[], params: BaccaratParams, amount: bigint) {
    const hand = baccaratDeal(floats);
    const exact = baccaratReturn(parsedStakes(params), hand.winner);
    // What the bet shows is the exact return over everything staked; the payout floors the exact sum once.
    const multiplier = ratio(exact.num, exact.den * amount);
    return { outcome: { ...hand, bets: params }, multiplier, payout: applyRatio(1n, exact) };
  },
  maxPayout: (params: BaccaratParams) => {
    const stakes = parsedStakes(params);
    return (['player', 'banker', 'tie'] as const).reduce((most, winner) => {
      const payout = applyRatio(1n, baccaratReturn(stakes, winner));
      return payout > most ? payout : most;
    }, 0n);
  },
} as const satisfies InstantGame<typeof baccaratBetSchema, BaccaratParams, BaccaratOutcome>;
