import type { z } from 'zod';
import type { BetSchema, GameMeta, Wager } from '../games/game-module.js';
import type { Ratio } from '../games/shared/ratio.js';
import type { Currency } from '../wallet/amounts.js';

/** What the operator configures for one round game (env.config, server/src/composition/rounds.ts): handed to the rules that need it. */
export type RoundSettings = Readonly<Record<string, unknown>>;

/**
 * The round clocks an operator configures (env.ts): each round game's `timings` picks its own, so the worker that
 * runs the rounds needs no per-game knowledge.
 */
export interface RoundClockEnv {
  ROUND_BETTING_MS: number;
  ROUND_COOLDOWN_MS: number;
  ROUND_TICK_MS: number;
  WHEEL_BETTING_MS: number;
  WHEEL_COOLDOWN_MS: number;
  BINGO_SALE_MS: number;
  BINGO_BALL_MS: number;
  BINGO_COOLDOWN_MS: number;
}

/** A round game's clock: its betting window, the pause after a round, and how often the running round's clock goes out. */
export interface RoundClock {
  bettingMs: number;
  cooldownMs: number;
  tickMs: number;
}

/** Where a round's outcome comes from: its chain hash h[n] and the chain's salt (FAIRNESS.md "Round games"). */
export interface RoundSource {
  salt: string;
  hash: string;
}

/** An open bet of a round as a pool game's plan reads it. */
export interface PlanBet<P> {
  id: string;
  currency: Currency;
  amount: bigint;
  params: P;
}

/**
 * A pool game's round, decided as a whole once betting closed: the players' stakes make the pot and the outcome
 * shares it out, so the payouts depend on every bet of the round, not on each bet alone.
 */
export interface RoundPlan<R> {
  /** The round's result as stored and shown once it ended (the outcome and how the pot was shared). */
  result: R;
  runningMs: number;
  /** Exact payouts (not multipliers: the pot's units are shared out exactly, and the profit limit does not cut a share of the players' own pot); bets not listed lose. */
  payouts: Map<string, { payout: bigint; outcome: object }>;
  /** What the house adds to the pot (a guaranteed minimum), one ledger transaction per currency. */
  funding: { currency: Currency; amount: bigint }[];
}

/**
 * A round game (crash now; the money wheel and bingo next, issue 28): every player of a round shares one outcome,
 * drawn from the game's hash chain (FAIRNESS.md "Round games"). The round engine (round.service.ts, round-runner.ts)
 * runs the rounds, takes the bets through the bet engine and settles them; the game module supplies only its rules.
 * It is listed once in ROUND_GAMES (games/registry.ts), which the catalogue merges with the other games.
 */
export interface RoundGame<Schema extends BetSchema = BetSchema, P = unknown, R = unknown> extends GameMeta {
  kind: 'round';
  input: Schema;
  /** The body fields the legacy REST API sends as JSON numbers and the schema takes as decimal text. */
  amountFields?: readonly string[];
  wager(input: z.output<Schema>): Wager<P>;
  paramsError(params: P): string | null;
  /** The round's outcome from its value H = HMAC_SHA256(salt, hex h[n]) (64 hex digits), or from the salt and hash. */
  result(roundValue: string, source: RoundSource): R;
  /**
   * Every view shows the outcome as soon as betting closed (the wheel: each screen spins to the drawn segments), not
   * only at the end (crash: the crash point stays secret while players may still cash out).
   */
  showsResultWhileRunning?: boolean;
  /** The game's round clock from the operator's settings. */
  timings(env: RoundClockEnv): RoundClock;
  /** How long a round with this outcome runs once betting closed (ms); its bets settle at the end. */
  runningMs(result: R, settings: RoundSettings): number;
  /** A pool game (bingo): the whole round's settlement; the engine then pays exactly these payouts, once each. */
  planRound?(result: R, bets: PlanBet<P>[], settings: RoundSettings): RoundPlan<R>;
  /** What every screen may see of the running round `elapsedMs` after its start (bingo: the balls drawn so far). */
  live?(result: R, elapsedMs: number, settings: RoundSettings): Record<string, unknown>;
  /** The published rules a page shows beside the round (bingo: card prices, prize shares, guaranteed pots). */
  info?(settings: RoundSettings): Record<string, unknown>;
  /**
   * A game where a player may bet more than once a round (bingo: more cards until the sale closes; the database's
   * bets_one_per_round leaves it out, migration 20261202_0902) says here when one more bet would pass its per-player
   * limit, given the params of the player's bets in the round so far. Without it, one bet a player a round.
   */
  roundLimitError?(held: P[], next: P): { code: string; message: string } | null;
  /** Bets only in the betting window (bingo's sale window), never queued for the next round while one runs. */
  betsInWindowOnly?: boolean;
  /**
   * What a bet pays at the round's end: the multiplier of its stake (zero: lost). `capAt` is the multiplier at which
   * the bet's profit reaches the profit limit; a game that lets bets ride cashes them out there.
   */
  settle(params: P, result: R, capAt: Ratio): Ratio;
  /** A cash-out while the round runs, `elapsedMs` after its start: the multiplier paid, or why not (too late). */
  cashout?(params: P, result: R, elapsedMs: number, capAt: Ratio): { multiplier: Ratio } | { refused: string };
  /** What any view shows of an ended round's outcome. */
  publicResult(result: R): Record<string, unknown>;
  /** What the round's live table shows of a bet's own params. */
  publicParams(params: P): Record<string, unknown>;
}

export type AnyRoundGame = RoundGame<BetSchema, unknown, unknown>;
