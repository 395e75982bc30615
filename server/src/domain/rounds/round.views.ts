/** What every transport shows of a round and its bets (docs/api.md "Round games"), and their zod schemas. */
import { z } from 'zod';
import type { BetRow } from '../../../../db/repositories/games.repo.js';
import type { RoundRow } from '../../../../db/repositories/rounds.repo.js';
import type { EventPayload } from '../events/platform-events.js';
import type { BetView } from '../games/bet.views.js';
import { formatAmount } from '../wallet/amounts.js';
import type { AnyRoundGame } from './round-game.js';

/**
 * A round game's slug as its events carry it: the registry's ROUND_GAMES, read through the event schemas' types, so
 * that the round engine names no game (a type-only import: nothing of the registry loads here).
 */
export type PublicGame = EventPayload<'round-update'>['game'];

/** RoundView and RoundBetView as zod schemas, for the API documents; a game may add its own result fields. */
export const roundViewSchema = z
  .object({
    id: z.string(),
    game: z.string(),
    number: z.number().int(),
    state: z.string(),
    bettingEndsAt: z.string().optional(),
    startedAt: z.string().optional(),
    endedAt: z.string().optional(),
    hash: z.string().optional(),
    crashPoint: z.string().optional(),
    serverTime: z.string(),
  })
  .loose()
  .meta({ id: 'Round' });
export const roundBetViewSchema = z
  .object({
    betId: z.string(),
    userName: z.string(),
    amount: z.string(),
    currency: z.enum(['USD', 'BZU']),
    state: z.enum(['open', 'won', 'lost', 'refunded']),
    autoCashout: z.string().optional(),
    chips: z
      .array(z.object({ value: z.number().int(), amount: z.string() }))
      .optional()
      .meta({ description: 'the wheel: the chips on each value' }),
    cards: z
      .array(z.array(z.number().int()))
      .optional()
      .meta({ description: 'bingo: the cards bought, 25 numbers each row by row, 0 the free centre' }),
    cashedOutAt: z.string().optional(),
    payout: z.string().optional(),
    refunded: z.literal(true).optional(),
  })
  .meta({ id: 'RoundBet' });
export const roundWithBetsSchema = roundViewSchema
  .extend({ bets: z.array(roundBetViewSchema) })
  .meta({ id: 'RoundWithBets' });
export const roundChainSchema = z
  .object({
    terminalHash: z.string(),
    salt: z.string().nullable(),
    committedAt: z.string(),
    rounds: z.number().int(),
    length: z.number().int(),
  })
  .meta({ id: 'RoundChain' });

/** A round as every transport shows it (docs/api.md "Round games"); the hash and result only once it ended. */
export interface RoundView {
  id: string;
  game: string;
  number: number;
  state: RoundRow['state'];
  bettingEndsAt?: string;
  startedAt?: string;
  endedAt?: string;
  hash?: string;
  /** Crash: the crash point ("2.35"), once ended. */
  crashPoint?: string;
  /** The wheel: the segments landed on (re-spins included), the number and the multiplier, once ended. */
  wheel?: { spins: number[]; value: number | null; multiplier: number };
  /** The database's clock when this view was read: clients draw the curve on it. */
  serverTime: string;
  /** A running round's public state, for games that show one (bingo: the balls drawn so far). */
  live?: Record<string, unknown>;
}

/** One bet as the round's live table shows it (no user ids). */
export interface RoundBetView {
  betId: string;
  userName: string;
  amount: string;
  currency: BetView['currency'];
  state: BetView['state'];
  autoCashout?: string;
  /** The wheel: the chips on each value. */
  chips?: { value: number; amount: string }[];
  /** Bingo: the cards bought (public once bought). */
  cards?: number[][];
  /** The multiplier it was cashed out at ("2.00"), once won. */
  cashedOutAt?: string;
  payout?: string;
  refunded?: true;
}

export const twoDecimals = (multiplier: string) => multiplier.replace(/(\.\d\d)\d*$/, '$1');

export function roundView(game: AnyRoundGame, row: RoundRow, now: Date, runningResult?: unknown): RoundView {
  const revealed = row.state === 'ended' || row.state === 'cancelled';
  const result = revealed ? row.result : runningResult;
  return {
    id: row.id,
    game: row.game,
    number: row.number,
    state: row.state,
    ...(row.bettingEndsAt ? { bettingEndsAt: row.bettingEndsAt.toISOString() } : {}),
    ...(row.startedAt ? { startedAt: row.startedAt.toISOString() } : {}),
    ...(row.endedAt ? { endedAt: row.endedAt.toISOString() } : {}),
    ...(revealed ? { hash: row.hash } : {}),
    ...(result ? (game.publicResult(result) as Pick<RoundView, 'crashPoint' | 'wheel'>) : {}),
    serverTime: now.toISOString(),
  };
}

export function roundBetView(game: AnyRoundGame, bet: BetRow): RoundBetView {
  const won = bet.state === 'won';
  return {
    betId: bet.id,
    userName: bet.username,
    amount: formatAmount(bet.amount),
    currency: bet.currency,
    state: bet.state,
    ...game.publicParams(bet.params),
    ...(won ? { cashedOutAt: twoDecimals(bet.multiplier), payout: formatAmount(bet.payout) } : {}),
    ...(bet.state === 'refunded' ? { refunded: true as const } : {}),
  };
}
