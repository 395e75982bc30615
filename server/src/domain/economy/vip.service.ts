import type { Db } from '../../../../db/client.js';
import {
  addPlayerXp,
  insertBetEconomy,
  lockClaimableAccounts,
  markRakebackClaimed,
  playerXp,
  rakebackTotals,
  setPlayerRank,
} from '../../../../db/repositories/economy.repo.js';
import { DomainError } from '../errors.js';
import type { EventPayload } from '../events/platform-events.js';
import { CURRENCIES, formatAmount, type Currency } from '../wallet/amounts.js';
import { accountCode, type LedgerService, type LedgerTx } from '../wallet/ledger.service.js';
import { NO_BOOST_PPM, rakebackFor } from './rakeback.js';
import { ppmPercent, RANKS, rankById, rankForXp, rankProgress, usdValue, xpForWager, type RankProgress } from './ranks.js';

/** A bet the engine has settled and committed. */
export interface SettledBet {
  betId: string;
  userId: number;
  currency: Currency;
  wagered: bigint;
  houseEdgePpm: number;
}

/**
 * The BZU-holder rakeback boost in parts per million (1_000_000 = 1x); the platform wires it to the
 * holder tiers (domain/token/holder-tiers.ts). Without one, no boost.
 */
export type RakebackBoost = (userId: number) => Promise<number>;
export const noBoost: RakebackBoost = async () => NO_BOOST_PPM;

export interface VipDeps {
  db: Db;
  ledger: LedgerService;
  /** USD 1e-8 units per BZU, from the token service. */
  bzuPrice(): Promise<bigint>;
  boost?: RakebackBoost;
  events: {
    vipUpdate(payload: EventPayload<'vip-update'>): Promise<unknown>;
    rankUp(payload: EventPayload<'rank-up'>): Promise<unknown>;
  };
  onPublishError?: (error: unknown) => void;
}

export interface AccrualResult {
  accrued: boolean;
  xp: bigint;
  rakeback: bigint;
  rankBefore: string;
  rankAfter: string;
}

/** What an accrual needs from outside the database (the BZU price, the holder boost): read before the transaction. */
interface AccrualInputs {
  /** USD 1e-8 units per BZU; 0 for a USD bet (not needed). */
  priceE8: bigint;
  boostPpm: number;
}

/** An accrual written in a transaction; `announce` tells the player (vip-update, rank-up) once that has committed. */
interface PendingAccrual extends AccrualResult {
  announce(): Promise<void>;
}

/** The bet already accrued (its bet_economy row exists): thrown to roll the XP increment back. */
class AlreadyAccrued extends Error {
  constructor() {
    super('bet already accrued');
  }
}

export interface VipStatus extends RankProgress {
  rakeback: { claimable: Record<Currency, string>; accrued: Record<Currency, string> };
}

export interface RakebackEntry {
  id: string;
  kind: 'accrual' | 'claim';
  currency: Currency;
  amount: string;
  betId: string | null;
  createdAt: string;
}

/**
 * XP, ranks and rakeback. Called by the bet engine once per settled bet (after its commit):
 * XP and rakeback accrue in one transaction keyed by the bet id, so a replay accrues nothing.
 */
export class VipService {
  private readonly boost: RakebackBoost;

  constructor(private readonly deps: VipDeps) {
    this.boost = deps.boost ?? noBoost;
  }

  /** The public rank table (the /vip page shows it). */
  ranks() {
    return RANKS.map((rank) => ({ id: rank.id, label: rank.label, minXp: rank.minXp.toString(), rakebackPercent: ppmPercent(rank.rakebackPpm), color: rank.color }));
  }

  /**
   * One settled bet's XP and rakeback, in a transaction of their own, after the bet's has committed (the bet engine
   * and its repair sweep). Idempotent per bet id: a replay accrues nothing.
   *
   * Not inside the bet's transaction: there these statements would run while the bet holds the `house:games` row
   * (every bet waits for it) and the player's seed pair. Folding them in saves a commit per bet but lengthens those
   * lock windows; the settlement bench could not tell the two apart on a busy machine (docs/architecture.md).
   */
  async onBetSettled(bet: SettledBet): Promise<AccrualResult> {
    const inputs = await this.accrualInputs(bet);
    try {
      const pending = await this.deps.ledger.transact((tx) => this.accrueIn(tx, bet, inputs));
      await pending.announce();
      return { accrued: pending.accrued, xp: pending.xp, rakeback: pending.rakeback, rankBefore: pending.rankBefore, rankAfter: pending.rankAfter };
    } catch (error) {
      if (!(error instanceof AlreadyAccrued)) throw error;
      const { rank } = await playerXp(this.deps.db, bet.userId);
      return { accrued: false, xp: 0n, rakeback: 0n, rankBefore: rank, rankAfter: rank };
    }
  }

  /** The price (BZU bets only) and the holder boost of the player; may fail (price source away). */
  private async accrualInputs(bet: { userId: number; currency: Currency }): Promise<AccrualInputs> {
    const [priceE8, boostPpm] = await Promise.all([bet.currency === 'BZU' ? this.deps.bzuPrice() : 0n, this.boost(bet.userId)]);
    return { priceE8, boostPpm };
  }

  /**
   * XP, rank and rakeback of one settled bet inside the caller's transaction: two statements and, when rakeback is
   * due, its posting. Throws when the bet already accrued, which rolls the transaction back.
   */
  private async accrueIn(tx: LedgerTx, bet: SettledBet, inputs: AccrualInputs): Promise<PendingAccrual> {
    const usd = usdValue(bet.wagered, bet.currency, inputs.priceE8);
    const xp = xpForWager(usd, bet.houseEdgePpm);
    // The increment locks the player's row; the rank stored before it is the rank the bet was placed at.
    const current = await addPlayerXp(tx.trx, bet.userId, xp);
    const before = rankById(current.rank);
    const after = rankForXp(current.xpE8);
    const rakeback = rakebackFor(bet.wagered, bet.houseEdgePpm, before.rakebackPpm, inputs.boostPpm);
    const fresh = await insertBetEconomy(tx.trx, {
      betId: bet.betId,
      userId: bet.userId,
      currency: bet.currency,
      wageredE8: bet.wagered,
      houseEdgePpm: bet.houseEdgePpm,
      usdValueE8: usd,
      xpE8: xp,
      rankBefore: before.id,
      rankAfter: after.id,
      rakebackSharePpm: before.rakebackPpm,
      boostPpm: inputs.boostPpm,
      rakebackE8: rakeback,
    });
    if (!fresh) throw new AlreadyAccrued();
    if (after.id !== current.rank) await setPlayerRank(tx.trx, bet.userId, after.id);
    if (rakeback > 0n) {
      await tx.post({
        key: `rakeback:bet:${bet.betId}`,
        kind: 'rakeback-accrual',
        userId: bet.userId,
        memo: { betId: bet.betId, houseEdgePpm: bet.houseEdgePpm, rankSharePpm: before.rakebackPpm, boostPpm: inputs.boostPpm },
        legs: [
          { account: { house: 'rakeback' }, currency: bet.currency, amount: -rakeback },
          { account: { user: bet.userId, purpose: 'rakeback' }, currency: bet.currency, amount: rakeback },
        ],
      });
    }
    return {
      accrued: true,
      xp,
      rakeback,
      rankBefore: before.id,
      rankAfter: after.id,
      announce: () => this.publish(bet.userId, current.xpE8, before.id),
    };
  }

  async status(userId: number): Promise<VipStatus> {
    const [xp, claimable, totals] = await Promise.all([playerXp(this.deps.db, userId), this.deps.ledger.balances(userId, 'rakeback'), rakebackTotals(this.deps.db, userId)]);
    const accrued: Record<Currency, string> = { USD: '0', BZU: '0' };
    for (const total of totals) accrued[total.currency] = formatAmount(total.accrued);
    return {
      ...rankProgress(xp.xpE8),
      rakeback: { claimable: { USD: formatAmount(claimable.USD), BZU: formatAmount(claimable.BZU) }, accrued },
    };
  }

  /** The rank id of a player (chat colours). */
  async rankOf(userId: number): Promise<string> {
    return (await playerXp(this.deps.db, userId)).rank;
  }

  /**
   * Moves all accrued rakeback into cash. The rakeback accounts are locked first, so of parallel
   * claims one moves the balance and the others find it empty; the posting key names the last entry
   * claimed, so the same accruals can never be paid twice.
   */
  async claimRakeback(userId: number): Promise<{ claimed: Record<Currency, string> }> {
    const claimed: Record<Currency, bigint> = { USD: 0n, BZU: 0n };
    await this.deps.ledger.transact(async ({ trx, post }) => {
      const accounts = await lockClaimableAccounts(trx, accountCode({ user: userId, purpose: 'rakeback' }));
      for (const account of accounts) {
        if (account.balance <= 0n || !CURRENCIES.includes(account.currency)) continue;
        const result = await post({
          key: `rakeback-claim:${userId}:${account.currency}:${account.lastEntry}`,
          kind: 'rakeback-claim',
          userId,
          legs: [
            { account: { user: userId, purpose: 'rakeback' }, currency: account.currency, amount: -account.balance },
            { account: { user: userId }, currency: account.currency, amount: account.balance },
          ],
        });
        if (result.posted) claimed[account.currency] = account.balance;
      }
      await markRakebackClaimed(trx, userId);
    });
    if (claimed.USD === 0n && claimed.BZU === 0n) throw new DomainError('CONFLICT', 'No rakeback to claim', { code: 'NOTHING_TO_CLAIM' });
    return { claimed: { USD: formatAmount(claimed.USD), BZU: formatAmount(claimed.BZU) } };
  }

  /** Accruals and claims of the rakeback account, newest first. */
  async rakebackHistory(userId: number, options: { limit: number; cursor?: string }): Promise<{ entries: RakebackEntry[]; nextCursor: string | null }> {
    const rows = await this.deps.ledger.accountStatement(accountCode({ user: userId, purpose: 'rakeback' }), { limit: options.limit, beforeId: options.cursor });
    return {
      entries: rows.map((row) => ({
        id: row.entryId,
        kind: row.kind === 'rakeback-claim' ? 'claim' : 'accrual',
        currency: row.currency,
        amount: formatAmount(row.amount < 0n ? -row.amount : row.amount),
        betId: typeof row.memo.betId === 'string' ? row.memo.betId : null,
        createdAt: row.createdAt.toISOString(),
      })),
      nextCursor: rows.length === options.limit ? rows[rows.length - 1]!.entryId : null,
    };
  }

  private async publish(userId: number, xpE8: bigint, rankBefore: string): Promise<void> {
    const progress = rankProgress(xpE8);
    const report = (error: unknown) => this.deps.onPublishError?.(error);
    await this.deps.events.vipUpdate({ userId: String(userId), ...progress }).catch(report);
    if (progress.rank !== rankBefore) {
      await this.deps.events
        .rankUp({ userId: String(userId), rank: progress.rank, rankLabel: progress.rankLabel, previousRank: rankBefore, xp: progress.xp })
        .catch(report);
    }
  }
}
