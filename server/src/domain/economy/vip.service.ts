import type { Db } from '../../../../db/client.js';
import {
  insertBetEconomy,
  lockClaimableAccounts,
  lockPlayerXp,
  markRakebackClaimed,
  playerXp,
  rakebackTotals,
  setPlayerXp,
} from '../../../../db/repositories/economy.repo.js';
import { DomainError } from '../errors.js';
import type { EventPayload } from '../events/platform-events.js';
import { CURRENCIES, formatAmount, type Currency } from '../wallet/amounts.js';
import { accountCode, type LedgerService } from '../wallet/ledger.service.js';
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

  async onBetSettled(bet: SettledBet): Promise<AccrualResult> {
    const priceE8 = bet.currency === 'BZU' ? await this.deps.bzuPrice() : 0n;
    const boostPpm = await this.boost(bet.userId);
    const usd = usdValue(bet.wagered, bet.currency, priceE8);
    const xp = xpForWager(usd, bet.houseEdgePpm);
    const result = await this.deps.ledger.transact(async ({ trx, post }) => {
      const current = await lockPlayerXp(trx, bet.userId);
      const before = rankById(current.rank);
      const after = rankForXp(current.xpE8 + xp);
      // The share of the rank the player held when the bet was placed.
      const rakeback = rakebackFor(bet.wagered, bet.houseEdgePpm, before.rakebackPpm, boostPpm);
      const fresh = await insertBetEconomy(trx, {
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
        boostPpm,
        rakebackE8: rakeback,
      });
      if (!fresh) return { accrued: false, xp: 0n, rakeback: 0n, rankBefore: before.id, rankAfter: before.id, xpTotal: current.xpE8 };
      await setPlayerXp(trx, bet.userId, current.xpE8 + xp, after.id);
      if (rakeback > 0n) {
        await post({
          key: `rakeback:bet:${bet.betId}`,
          kind: 'rakeback-accrual',
          userId: bet.userId,
          memo: { betId: bet.betId, houseEdgePpm: bet.houseEdgePpm, rankSharePpm: before.rakebackPpm, boostPpm },
          legs: [
            { account: { house: 'rakeback' }, currency: bet.currency, amount: -rakeback },
            { account: { user: bet.userId, purpose: 'rakeback' }, currency: bet.currency, amount: rakeback },
          ],
        });
      }
      return { accrued: true, xp, rakeback, rankBefore: before.id, rankAfter: after.id, xpTotal: current.xpE8 + xp };
    });
    if (result.accrued) await this.publish(bet.userId, result.xpTotal, result.rankBefore);
    return { accrued: result.accrued, xp: result.xp, rakeback: result.rakeback, rankBefore: result.rankBefore, rankAfter: result.rankAfter };
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
