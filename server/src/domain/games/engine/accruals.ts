import { unaccruedBets, type BetRow } from '../../../../../db/repositories/games.repo.js';
import type { Currency } from '../../wallet/amounts.js';
import { toBetView } from '../bet.views.js';
import { runAccrualSweep, type AccrualSweepOptions } from './accrual-sweep.js';
import { houseEdgeOf } from './house-edges.js';
import type { BetEngineDeps } from './types.js';

/** A round-game bet given back because its round could not run (RoundService.cancelUnfinished). */
const isRefund = (row: { outcome: unknown }) => (row.outcome as { refunded?: unknown } | null)?.refunded === true;
const REFERRER_CACHE_MAX = 100_000;

/**
 * What follows a settled bet, after commit: the game result and feed events, then the referrer's commission, XP and
 * rakeback (idempotent per bet id), and the repair sweep for accruals that never happened.
 */
export class Accruals {
  private readonly referrers = new Map<number, number | null>();

  constructor(private readonly deps: BetEngineDeps) {}

  /**
   * After commit: the player's game result, the public feed, the referrer's commission, XP and rakeback. A failure
   * here is logged. The answer waits for the accruals (it can show the XP they earned) but not for the two events:
   * it carries the bet itself, and waiting for Redis would add a publish batch's delay to every bet (the bus drains
   * at shutdown).
   */
  async afterSettle(row: BetRow, houseEdgePpm: number): Promise<void> {
    const view = toBetView(row);
    const report = (what: string) => (error: unknown) => this.deps.onAfterCommitError?.(error, what);
    void this.deps.events.gameResult({ ...view, gameId: view.game }).catch(report('game-result publish'));
    void this.deps.events.bet(view, row.highRoller).catch(report('bet feed publish'));
    // A refunded round bet (its round never ran) wagered nothing: no XP, rakeback or commission.
    if (!isRefund(row)) await this.accrue(row, houseEdgePpm);
  }

  /**
   * The same accruals for a wager settled outside the engine (a provider's bet on the seamless wallet, keyed
   * `provider:<provider>:<transactionId>`), weighed by that game's edge. Resolves to how many calls failed.
   */
  accrueWager(
    wager: { id: string; userId: number; currency: Currency; amount: bigint },
    houseEdgePpm: number,
  ): Promise<number> {
    return this.accrue(wager, houseEdgePpm);
  }

  /**
   * The referrer's commission, XP and rakeback of one settled bet; both calls are idempotent per bet id,
   * so the normal path and the repair sweep (accrueMissed) share this. Resolves to how many calls failed (each is logged).
   */
  async accrue(
    bet: { id: string; userId: number; currency: Currency; amount: bigint },
    houseEdgePpm: number,
  ): Promise<number> {
    let failed = 0;
    const report = (what: string) => (error: unknown) => {
      failed += 1;
      this.deps.onAfterCommitError?.(error, what);
    };
    await Promise.all([
      this.referrerOf(bet.userId)
        .then((referrerId) =>
          referrerId === undefined
            ? undefined
            : this.deps.referrals.accrue({
                referrerId,
                refereeId: bet.userId,
                sourceKey: `bet:${bet.id}`,
                currency: bet.currency,
                wagered: bet.amount,
                houseEdgePpm,
              }),
        )
        .catch(report('referral accrual')),
      this.deps.economy
        ?.onBetSettled({ betId: bet.id, userId: bet.userId, currency: bet.currency, wagered: bet.amount, houseEdgePpm })
        .catch(report('xp and rakeback accrual')),
    ]);
    return failed;
  }

  /**
   * Who referred the player. A referral is recorded once, at sign-up, before any bet, and never changes, so the answer
   * is remembered: the settlement path saves a query per bet.
   */
  async referrerOf(userId: number): Promise<number | undefined> {
    if (this.referrers.has(userId)) return this.referrers.get(userId) ?? undefined;
    const referrerId = await this.deps.referrals.referrerOf(userId);
    if (this.referrers.size >= REFERRER_CACHE_MAX) this.referrers.clear();
    this.referrers.set(userId, referrerId ?? null);
    return referrerId;
  }

  /**
   * Repair sweep: settled bets whose after-commit accruals never happened (the process died between the commit
   * and afterSettle, or a call failed, e.g. no BZU price) get them now. Only bets settled more than `olderThanMs`
   * ago, so it never races the normal path; `limit` bets per run, oldest first. A watermark (every bet settled
   * before it is accrued) keeps each run to the bets settled since the last one plus any still failing; it never
   * reaches back further than `withinMs`. Idempotent: an accrued bet is skipped by the query and by the calls.
   */
  accrueMissed(options: AccrualSweepOptions): Promise<{ attempted: number; failed: number }> {
    return runAccrualSweep(options, {
      db: this.deps.db,
      pending: (range) => unaccruedBets(this.deps.db, { ...range, economy: this.deps.economy !== undefined }),
      repair: async (bet) => {
        const houseEdgePpm = houseEdgeOf(bet.game);
        if (houseEdgePpm !== undefined) return this.accrue(bet, houseEdgePpm);
        this.deps.onAfterCommitError?.(new Error(`unknown game ${bet.game} for bet ${bet.id}`), 'accrual sweep');
        return 1;
      },
    });
  }
}
