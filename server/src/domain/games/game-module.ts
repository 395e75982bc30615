import { z } from 'zod';
import { dbId } from '../ids.js';
import { amountInputSchema, CURRENCIES, type Currency } from '../wallet/amounts.js';
import { applyRatio, type Ratio } from './shared/ratio.js';
import { ORIGINALS_HOUSE_EDGE_PPM, ORIGINALS_RTP_PERCENT, type InstantGameRules } from './shared/originals.js';

/**
 * What a game is to the platform (docs/architecture.md "How to add a game"). A game is a folder under
 * server/src/domain/games/ exporting one module of either kind below, listed once in registry.ts; the engine, the
 * catalogue, the tRPC procedures, the REST routes and the bet views are built from the registry.
 */

/** The casino categories a game can be listed in: the slugs of the /casino/<category> pages. */
export const GAME_CATEGORIES = ['originals', 'slots', 'live', 'gameshows', 'roulette', 'blackjack', 'bingo'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** The catalogue's facts about a game. */
export interface GameMeta {
  slug: string;
  name: string;
  description: string;
  /** The category pages that list the game; the first is its own (the catalogue's `category`). */
  categories: readonly [GameCategory, ...GameCategory[]];
  /** Declared return to player, percent ("99.00"). */
  rtp: string;
  /** House edge in parts per million (the referral and rakeback accruals' input). */
  houseEdgePpm: number;
  /** The game's payout tables for docs/fairness.md (fairness-doc.ts), as markdown lines; most games have none. */
  fairnessTables?: () => string[];
}

/** Chosen by the client per attempt; a retry with the same id returns the same bet instead of placing another. */
export const clientBetIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'clientBetId must be 1-64 letters, digits or _.:-')
  .optional();
export const betCurrencySchema = z.enum(CURRENCIES).default('USD');
/** A bet id: a positive bigint, never beyond the column's range (out-of-range ids are a 400, not a 500). */
export const betIdSchema = dbId.bigintString('bet id', 'must be a bet id');

/** An open round named by its bet id: the cash-out's input, and what every action's input holds besides its own fields. */
export const roundSchema = z.object({ betId: betIdSchema });

/** The fields every new bet has besides what it stakes: currency and the retry key. */
export const betFields = { currency: betCurrencySchema, clientBetId: clientBetIdSchema };
/** The usual one-amount stake; games that stake several amounts (chips, bet spots) declare their own fields. */
export const stakeFields = { amount: amountInputSchema, ...betFields };

/** A new bet's input after parsing: the common fields plus the game's own. */
export interface BetInput {
  currency: Currency;
  clientBetId?: string;
}

/** What a bet stakes and records: the total amount taken from the balance, and the params stored on the bet row. */
export interface Wager<P> {
  amount: bigint;
  params: P;
}

/** A bet's input schema: the tRPC input, through which the REST body goes too. */
export type BetSchema = z.ZodType<BetInput, unknown>;

/** Floats of one round, read in order of use from its one nonce (float i from HMAC round floor(i / 8)). */
export interface RoundFloats {
  /** Floats 0 .. count - 1. */
  first(count: number): number[];
  at(index: number): number;
}

/** A single-step game: one call, one settled bet. */
export interface InstantGame<Schema extends BetSchema = BetSchema, P = unknown, O = unknown> extends GameMeta {
  kind: 'instant';
  input: Schema;
  /** The body fields (at any depth) the legacy REST API sends as JSON numbers and the schema takes as decimal text. */
  amountFields?: readonly string[];
  wager(input: z.output<Schema>): Wager<P>;
  /** The game's own check (the schema runs it too; the engine runs it again for direct callers). */
  paramsError(params: P): string | null;
  floatCount(params: P): number;
  /** The outcome and what it pays: `multiplier` is what the bet shows (exact), `payout` in 1e-8 units. */
  settle(floats: readonly number[], params: P, amount: bigint): { outcome: O; multiplier: Ratio; payout: bigint };
  /** The most this bet can pay, for the MAX_PROFIT check. */
  maxPayout(params: P, amount: bigint): bigint;
  /**
   * Set when no stake should be refused for its best case (a slot's free spins): the bet is always accepted and a win
   * past the profit limit pays exactly stake + limit, the outcome saying `capped: true`, as a multi-step round does.
   */
  capsAtProfitLimit?: boolean;
}

/** Where a step leaves a round: still open with its running multiplier, or ended with the multiplier it pays (exact). */
export interface Step<S> {
  state: S;
  status: 'open' | 'won' | 'lost';
  /** Of everything staked so far, raises included. */
  multiplier: Ratio;
  /**
   * More stake taken by an action (a double, a split, insurance): posted with the step, covered by the balance or the
   * step is refused (INSUFFICIENT_FUNDS) and changes nothing; part of the bet's amount from then on.
   */
  raise?: bigint;
}

/** An open round as a step sees it: the stored state, the bet's params and its floats. */
export interface Round<S, P> {
  state: S;
  params: P;
  floats: RoundFloats;
}

/** One thing a player may do in an open round: its input (with the `betId`) and its rule. */
export interface RoundAction<Schema extends ActionSchema, S, P> {
  input: Schema;
  apply(round: Round<S, P>, input: z.output<Schema>): Step<S>;
}
export type ActionSchema = z.ZodType<{ betId: string }, unknown>;

/**
 * A multi-step game: `start` takes the stake and the nonce; named actions move the round on under the bet row's lock;
 * cash-out pays the running multiplier. The stored state may hold what the player must not see yet; `visible` is all
 * any view shows of it. Floats are read from the round's one nonce in order of use. Once the running profit reaches
 * the profit limit the engine cashes the round out at the limit (`capped`), so no configuration is refused for it.
 */
export interface MultiStepGame<
  Schema extends BetSchema = BetSchema,
  P = unknown,
  S extends object = object,
  Actions extends Record<string, RoundAction<ActionSchema, S, P>> = Record<string, RoundAction<ActionSchema, S, P>>,
> extends GameMeta {
  kind: 'multi-step';
  input: Schema;
  amountFields?: readonly string[];
  wager(input: z.output<Schema>): Wager<P>;
  paramsError(params: P): string | null;
  /** The round as it starts; it may end at once (a dealt blackjack). */
  start(round: Omit<Round<S, P>, 'state'>): Step<S>;
  /** Named actions; `start`, `cashout`, `active` and `bet` are taken by the platform. */
  actions: Actions;
  /** Cash out now at the running multiplier, or the reason it is not allowed yet. */
  cashout(round: Round<S, P>): Step<S> | { refused: string };
  /** What any view shows of the stored state (while open: without what the player may not see yet). */
  visible(state: S, open: boolean): Record<string, unknown>;
  /** Open round: what the next step would pay, when the game has one answer for it (mines). */
  nextMultiplier?(state: S): Ratio | null;
}

/** Catalogue facts for a game that returns the originals' 99%. */
export function originalsMeta(slug: string, name: string, description: string): GameMeta {
  return {
    slug,
    name,
    description,
    categories: ['originals'],
    rtp: ORIGINALS_RTP_PERCENT,
    houseEdgePpm: ORIGINALS_HOUSE_EDGE_PPM,
  };
}

/** The catalogue facts a shared rules object already carries; listed under Originals unless `categories` says otherwise. */
export function metaOf(
  rules: Omit<GameMeta, 'categories'>,
  categories: GameMeta['categories'] = ['originals'],
): GameMeta {
  return {
    slug: rules.slug,
    name: rules.name,
    description: rules.description,
    categories,
    rtp: rules.rtp,
    houseEdgePpm: rules.houseEdgePpm,
  };
}

/** An instant game staking one `amount` whose rules give a multiplier (dice, limbo, plinko, keno). */
export function oneAmountInstant<Schema extends z.ZodType<BetInput & { amount: bigint }, unknown>, P, O>(
  rules: InstantGameRules<P, O>,
  input: Schema,
  params: (input: z.output<Schema>) => P,
): InstantGame<Schema, P, O> {
  return {
    ...metaOf(rules),
    kind: 'instant',
    input,
    wager: (parsed) => ({ amount: parsed.amount, params: params(parsed) }),
    paramsError: rules.paramsError,
    floatCount: rules.floatCount,
    settle(floats, p, amount) {
      const outcome = rules.outcome(floats, p);
      const multiplier = rules.multiplier(outcome);
      return { outcome, multiplier, payout: applyRatio(amount, multiplier) };
    },
    maxPayout: (p, amount) => applyRatio(amount, rules.maxMultiplier(p)),
  };
}
