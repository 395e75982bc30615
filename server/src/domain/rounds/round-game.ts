import type { z } from 'zod';
import type { BetSchema, GameMeta, Wager } from '../games/game-module.js';
import type { Ratio } from '../games/rules/index.js';

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
  /** The round's outcome from its value H = HMAC_SHA256(salt, hex h[n]) (64 hex digits). */
  result(roundValue: string): R;
  /**
   * Every view shows the outcome as soon as betting closed (the wheel: each screen spins to the drawn segments), not
   * only at the end (crash: the crash point stays secret while players may still cash out).
   */
  showsResultWhileRunning?: boolean;
  /** How long a round with this outcome runs once betting closed (ms); its bets settle at the end. */
  runningMs(result: R): number;
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
