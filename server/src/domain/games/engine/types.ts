import type { Db } from '../../../../../db/client.js';
import type { EventPayload } from '../../events/platform-events.js';
import type { Currency } from '../../wallet/amounts.js';
import type { LedgerService } from '../../wallet/ledger.service.js';
import type { FairnessService } from '../fairness.service.js';
import type { Ratio } from '../shared/ratio.js';
import type { Accruals } from './accruals.js';
import type { BetChecks } from './bet-checks.js';

/** Who bets: the id, and the public name the feed shows (the signed-in user's, so the answer needs no lookup). */
export interface BetPlayer {
  id: number;
  username: string;
}

/** What a new bet stakes: the total amount taken from the balance, in one currency, with the retry key. */
export interface StakeInput {
  amount: bigint;
  currency: Currency;
  clientBetId?: string;
}

/** Where a step leaves the bet row: its state, stored outcome, payout and shown multiplier. */
export interface Resolution {
  state: 'open' | 'won' | 'lost';
  outcome: object;
  payout: bigint;
  multiplier: string;
}

export interface GameLimits {
  minBet: Record<Currency, bigint>;
  maxProfit: Record<Currency, bigint>;
  /** A stake or payout from this much also goes to the high-rollers feed. */
  highRoller: Record<Currency, bigint>;
}

/** Ports the engine needs from the rest of the platform (server/src/composition/games.ts wires them). */
export interface BetEngineDeps {
  db: Db;
  ledger: LedgerService;
  fairness: FairnessService;
  /**
   * The responsible-gaming service's refusal. The bet path reads the self-exclusion flag with its nonce (one
   * statement) and calls this when it is set, for the wording; a new play rule needs its own check in the engine.
   */
  assertCanPlay(userId: number, db: Db): Promise<void>;
  /**
   * Loss and wager limits (domain/responsible-gaming): `charge` counts a stake (and a payout won at once) in the bet's
   * transaction or throws the refusal; `credit` counts a payout settled later. Called only for players the bet's own
   * statements flag as limited (the nonce, the bet row's lock), so a player without limits pays no extra round trip.
   */
  playLimits?: {
    charge(trx: Db, bet: { userId: number; currency: Currency; stake: bigint; payout?: bigint }): Promise<void>;
    credit(trx: Db, win: { userId: number; currency: Currency; payout: bigint }): Promise<void>;
  };
  referrals: {
    referrerOf(userId: number): Promise<number | undefined>;
    accrue(input: {
      referrerId: number;
      refereeId: number;
      sourceKey: string;
      currency: Currency;
      wagered: bigint;
      houseEdgePpm: number;
    }): Promise<unknown>;
  };
  events: {
    gameResult(payload: EventPayload<'game-result'>): Promise<unknown>;
    bet(payload: EventPayload<'bet'>, highRoller: boolean): Promise<unknown>;
  };
  onAfterCommitError?: (error: unknown, what: string) => void;
  /** Player economy (XP, rank, rakeback), once per settled bet; idempotent per bet id. */
  economy?: {
    onBetSettled(bet: {
      betId: string;
      userId: number;
      currency: Currency;
      wagered: bigint;
      houseEdgePpm: number;
    }): Promise<unknown>;
  };
}

/** What a round game's settlement decides for one bet: the multiplier it pays (zero: lost) and what its outcome adds. */
export interface RoundSettlement {
  multiplier: Ratio;
  outcome: object;
  /** A pool game's exact share of its round's pot: paid as is, never floored from the multiplier nor capped. */
  payout?: bigint;
}

/** What every part of the engine works with: its ports, the operator's limits, the checks and the accruals. */
export interface EngineContext {
  deps: BetEngineDeps;
  limits: GameLimits;
  checks: BetChecks;
  accruals: Accruals;
}
