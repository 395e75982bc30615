import type { Db } from '../../../../db/client.js';
import { createHash } from 'node:crypto';
import {
  addPlayersXp,
  insertBetEconomy,
  lockClaimableAccounts,
  markRakebackClaimed,
  playerXp,
  publicPlayer,
  rakebackTotals,
  setPlayerRanks,
  type BetEconomyInsert,
} from '../../../../db/repositories/economy.repo.js';
import { DomainError } from '../errors.js';
import { GroupCommit, type ItemOutcome } from '../group-commit.js';
import type { EventPayload } from '../events/platform-events.js';
import { CURRENCIES, formatAmount, type Currency } from '../wallet/amounts.js';
import { accountCode, type LedgerService, type LedgerTx } from '../wallet/ledger.service.js';
import { NO_BOOST_PPM, rakebackFor } from './rakeback.js';
import {
  ppmPercent,
  RANKS,
  rankById,
  rankForXp,
  rankProgress,
  usdValue,
  xpForWager,
  type Rank,
  type RankProgress,
} from './ranks.js';

/** A bet the engine has settled and committed. */
export interface SettledBet {
  betId: string;
  userId: number;
  currency: Currency;
  wagered: bigint;
  houseEdgePpm: number;
}

/**
 * The BZU-holder rakeback boost of each player in parts per million (1_000_000 = 1x); the platform wires it to the
 * holder tiers (domain/token/holder-tiers.ts). Without one, no boost. Asked once per batch of accruals.
 */
export type RakebackBoost = (userIds: readonly number[]) => Promise<Map<number, number>>;
export const noBoost: RakebackBoost = async (userIds) => new Map(userIds.map((id) => [id, NO_BOOST_PPM]));

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

/** What a batch of accruals needs from outside the database (the BZU price, the holder boosts): read before its transaction. */
interface AccrualInputs {
  /** USD 1e-8 units per BZU; 0 when the batch has no BZU bet (not needed). */
  priceE8: bigint;
  boostPpm: Map<number, number>;
}

/** A batch of accruals written in a transaction; `announce` tells the players (vip-update, rank-up) once that has committed. */
interface WrittenAccruals {
  results: Map<string, AccrualResult>;
  announce(): Promise<void>;
}

/** Some bets of the batch were already accrued (their bet_economy rows exist): thrown to roll the batch back and rerun it without them. */
class AlreadyAccrued extends Error {
  constructor(readonly betIds: string[]) {
    super('bets already accrued');
  }
}

export interface VipStatus extends RankProgress {
  rakeback: { claimable: Record<Currency, string>; accrued: Record<Currency, string> };
}

export interface RakebackEntry {
  id: string;
  /** `reversal`: a rolled-back provider bet's rakeback taken back (docs/providers.md). */
  kind: 'accrual' | 'claim' | 'reversal';
  currency: Currency;
  amount: string;
  betId: string | null;
  createdAt: string;
}

/**
 * XP, ranks and rakeback. Called by the bet engine once per settled bet (after its commit); the accruals of the bets
 * that settle together are written in one transaction (group commit), keyed by bet id, so a replay accrues nothing.
 */
export interface PublicProfile {
  userId: number;
  name: string;
  role: 'admin' | 'moderator' | 'player';
  memberSince: string;
  rank: string;
  rankLabel: string;
  rankColor: string;
  bets: number;
}

export class VipService {
  private readonly boost: RakebackBoost;
  private readonly accruals = new GroupCommit<SettledBet, AccrualResult>((bets) => this.accrueBatch(bets));

  constructor(private readonly deps: VipDeps) {
    this.boost = deps.boost ?? noBoost;
  }

  /** The public rank table (the /vip page shows it). */
  ranks() {
    return RANKS.map((rank) => ({
      id: rank.id,
      label: rank.label,
      minXp: rank.minXp.toString(),
      rakebackPercent: ppmPercent(rank.rakebackPpm),
      color: rank.color,
    }));
  }

  /**
   * One settled bet's XP and rakeback, after the bet's transaction has committed (the bet engine and its repair
   * sweep). Idempotent per bet id: a replay accrues nothing. Resolves once the accrual has committed.
   *
   * Not inside the bet's transaction: there these statements would run while the bet holds the `house:games` row
   * (every bet waits for it) and the player's seed pair. Grouped instead: the bets settled while one batch commits go
   * together in the next, so the settlement path pays a few statements per batch, not per bet
   * (docs/architecture.md).
   */
  onBetSettled(bet: SettledBet): Promise<AccrualResult> {
    return this.accruals.submit(bet);
  }

  /**
   * The accruals of a batch of settled bets in one transaction; a bet already accrued (or twice in the batch) answers
   * `accrued: false`. BZU bets fail alone when the price is unavailable (the sweep retries them).
   */
  private async accrueBatch(bets: SettledBet[]): Promise<ItemOutcome<AccrualResult>[]> {
    const outcomes = new Map<string, ItemOutcome<AccrualResult>>();
    const needsPrice = bets.some((bet) => bet.currency === 'BZU');
    const [price, boostPpm] = await Promise.all([
      needsPrice
        ? this.deps.bzuPrice().then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          )
        : { value: 0n },
      this.boost([...new Set(bets.map((bet) => bet.userId))]),
    ]);
    let pending: SettledBet[] = [];
    for (const bet of bets) {
      if (outcomes.has(bet.betId)) continue;
      if (bet.currency === 'BZU' && 'error' in price) outcomes.set(bet.betId, { error: price.error });
      else {
        outcomes.set(bet.betId, { value: notAccrued('unranked') });
        pending.push(bet);
      }
    }
    const inputs: AccrualInputs = { priceE8: 'value' in price ? price.value : 0n, boostPpm };
    const skipped: SettledBet[] = [];
    while (pending.length > 0) {
      try {
        // Relaxed: a batch lost to a crash is accrued again by the repair sweep (accrueMissed) from the settled bets.
        const written = await this.deps.ledger.transact((tx) => this.accrueIn(tx, pending, inputs), {
          durability: 'relaxed',
        });
        for (const [betId, result] of written.results) outcomes.set(betId, { value: result });
        // Not awaited: the next batch (and every bet waiting on it) must not wait for Redis; publish reports its failures.
        void written.announce();
        break;
      } catch (error) {
        if (!(error instanceof AlreadyAccrued)) {
          // One bet that cannot be accrued must not fail the bets settled beside it: each then goes alone, and only
          // the failing one is left to the repair sweep.
          if (pending.length === 1) outcomes.set(pending[0]!.betId, { error });
          else for (const bet of pending) outcomes.set(bet.betId, (await this.accrueBatch([bet]))[0]!);
          break;
        }
        const done = new Set(error.betIds);
        skipped.push(...pending.filter((bet) => done.has(bet.betId)));
        pending = pending.filter((bet) => !done.has(bet.betId));
      }
    }
    for (const bet of skipped)
      outcomes.set(bet.betId, { value: notAccrued((await playerXp(this.deps.db, bet.userId)).rank) });
    // A bet id twice in one batch: the first carries the accrual, the second answers as already accrued.
    const answered = new Set<string>();
    return bets.map((bet) => {
      const outcome = outcomes.get(bet.betId)!;
      if (answered.has(bet.betId) && 'value' in outcome) return { value: notAccrued(outcome.value.rankAfter) };
      answered.add(bet.betId);
      return outcome;
    });
  }

  /**
   * XP, ranks and rakeback of a batch of distinct settled bets inside the caller's transaction: the XP of every player
   * at once (locking their rows), the bets' economy rows, any rank changes, and one rakeback posting. Each player's
   * bets are walked in order from the XP held before the batch, so every bet earns at the rank it was placed at.
   * Throws AlreadyAccrued when some bet already accrued, which rolls the transaction back.
   */
  private async accrueIn(tx: LedgerTx, bets: SettledBet[], inputs: AccrualInputs): Promise<WrittenAccruals> {
    const earned = bets.map((bet) => {
      const usd = usdValue(bet.wagered, bet.currency, inputs.priceE8);
      return { bet, usd, xp: xpForWager(usd, bet.houseEdgePpm) };
    });
    const batchXp = new Map<number, bigint>();
    for (const { bet, xp } of earned) batchXp.set(bet.userId, (batchXp.get(bet.userId) ?? 0n) + xp);
    const totals = await addPlayersXp(
      tx.trx,
      [...batchXp].map(([userId, xpE8]) => ({ userId, xpE8 })),
    );
    const players = new Map<number, { storedRank: string; xpE8: bigint; rank: Rank }>();
    for (const [userId, total] of totals) {
      players.set(userId, {
        storedRank: total.rank,
        xpE8: total.xpE8 - batchXp.get(userId)!,
        rank: rankById(total.rank),
      });
    }

    const rows: BetEconomyInsert[] = [];
    const results = new Map<string, AccrualResult>();
    const rakebackOwed = new Map<string, { userId: number; currency: Currency; amount: bigint; betIds: string[] }>();
    for (const { bet, usd, xp } of earned) {
      const player = players.get(bet.userId)!;
      const before = player.rank;
      player.xpE8 += xp;
      player.rank = rankForXp(player.xpE8);
      const boostPpm = inputs.boostPpm.get(bet.userId) ?? NO_BOOST_PPM;
      const rakeback = rakebackFor(bet.wagered, bet.houseEdgePpm, before.rakebackPpm, boostPpm);
      rows.push({
        betId: bet.betId,
        userId: bet.userId,
        currency: bet.currency,
        wageredE8: bet.wagered,
        houseEdgePpm: bet.houseEdgePpm,
        usdValueE8: usd,
        xpE8: xp,
        rankBefore: before.id,
        rankAfter: player.rank.id,
        rakebackSharePpm: before.rakebackPpm,
        boostPpm,
        rakebackE8: rakeback,
      });
      results.set(bet.betId, { accrued: true, xp, rakeback, rankBefore: before.id, rankAfter: player.rank.id });
      if (rakeback > 0n) {
        const owed = rakebackOwed.get(`${bet.userId}/${bet.currency}`) ?? {
          userId: bet.userId,
          currency: bet.currency,
          amount: 0n,
          betIds: [],
        };
        owed.amount += rakeback;
        owed.betIds.push(bet.betId);
        rakebackOwed.set(`${bet.userId}/${bet.currency}`, owed);
      }
    }

    const fresh = await insertBetEconomy(tx.trx, rows);
    if (fresh.size < rows.length)
      throw new AlreadyAccrued(rows.filter((row) => !fresh.has(row.betId)).map((row) => row.betId));
    const promoted = [...players].filter(([, player]) => player.rank.id !== player.storedRank);
    await setPlayerRanks(
      tx.trx,
      promoted.map(([userId, player]) => ({ userId, rank: player.rank.id })),
    );
    // Its key names exactly these bets, whose economy rows were all new just above: no posting can hold it yet.
    if (rakebackOwed.size > 0) await tx.postAll([rakebackPosting([...rakebackOwed.values()])], { newKeys: true });
    return {
      results,
      announce: async () => {
        await Promise.all([...players].map(([userId, player]) => this.publish(userId, player.xpE8, player.storedRank)));
      },
    };
  }

  async status(userId: number): Promise<VipStatus> {
    const [xp, claimable, totals] = await Promise.all([
      playerXp(this.deps.db, userId),
      this.deps.ledger.balances(userId, 'rakeback'),
      rakebackTotals(this.deps.db, userId),
    ]);
    const accrued: Record<Currency, string> = { USD: '0', BZU: '0' };
    for (const total of totals) accrued[total.currency] = formatAmount(total.accrued);
    return {
      ...rankProgress(xp.xpE8),
      rakeback: { claimable: { USD: formatAmount(claimable.USD), BZU: formatAmount(claimable.BZU) }, accrued },
    };
  }

  /**
   * A player's public profile (the chat name's menu): display name, staff role, member since, rank and the number of
   * originals bets. Nothing about money: balances and amounts wagered stay private.
   */
  async publicProfile(userId: number): Promise<PublicProfile> {
    const player = await publicPlayer(this.deps.db, userId);
    if (!player) throw new DomainError('NOT_FOUND', 'Player not found', { code: 'USER_NOT_FOUND' });
    const rank = rankById(player.rank);
    return {
      userId,
      name: player.name,
      role: player.role === 'admin' || player.role === 'moderator' ? player.role : 'player',
      memberSince: player.createdAt.toISOString(),
      rank: rank.id,
      rankLabel: rank.label,
      rankColor: rank.color,
      bets: player.bets,
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
    if (claimed.USD === 0n && claimed.BZU === 0n)
      throw new DomainError('CONFLICT', 'No rakeback to claim', { code: 'NOTHING_TO_CLAIM' });
    return { claimed: { USD: formatAmount(claimed.USD), BZU: formatAmount(claimed.BZU) } };
  }

  /** Accruals and claims of the rakeback account, newest first. */
  async rakebackHistory(
    userId: number,
    options: { limit: number; cursor?: string },
  ): Promise<{ entries: RakebackEntry[]; nextCursor: string | null }> {
    const rows = await this.deps.ledger.accountStatement(accountCode({ user: userId, purpose: 'rakeback' }), {
      limit: options.limit,
      beforeId: options.cursor,
    });
    return {
      entries: rows.map((row) => ({
        id: row.entryId,
        kind: row.kind === 'rakeback-claim' ? 'claim' : row.kind === 'rakeback-reversal' ? 'reversal' : 'accrual',
        currency: row.currency,
        amount: formatAmount(row.amount < 0n ? -row.amount : row.amount),
        betId: accrualBetId(row.memo, userId),
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
        .rankUp({
          userId: String(userId),
          rank: progress.rank,
          rankLabel: progress.rankLabel,
          previousRank: rankBefore,
          xp: progress.xp,
        })
        .catch(report);
    }
  }
}

function notAccrued(rank: string): AccrualResult {
  return { accrued: false, xp: 0n, rakeback: 0n, rankBefore: rank, rankAfter: rank };
}

/**
 * One ledger transaction for a batch's rakeback: `house:rakeback` pays each player's rakeback account. Keyed by the
 * bets it covers (each bet accrues once, so the key is new); the memo lists them per player.
 */
function rakebackPosting(owed: { userId: number; currency: Currency; amount: bigint; betIds: string[] }[]) {
  const betIds = owed.flatMap((item) => item.betIds).sort();
  const users = new Set(owed.map((item) => item.userId));
  const bets: Record<string, string[]> = {};
  for (const item of owed) bets[item.userId] = [...(bets[item.userId] ?? []), ...item.betIds];
  return {
    key: `rakeback:bets:${createHash('sha256').update(betIds.join(',')).digest('hex').slice(0, 32)}`,
    kind: 'rakeback-accrual',
    userId: users.size === 1 ? owed[0]!.userId : undefined,
    memo: { bets },
    legs: owed.flatMap((item) => [
      { account: { house: 'rakeback' as const }, currency: item.currency, amount: -item.amount },
      { account: { user: item.userId, purpose: 'rakeback' as const }, currency: item.currency, amount: item.amount },
    ]),
  };
}

/** The bet an accrual entry of this player came from, when it covers exactly one (older entries name it as `betId`). */
function accrualBetId(memo: Record<string, unknown>, userId: number): string | null {
  if (typeof memo.betId === 'string') return memo.betId;
  const ids = (memo.bets as Record<string, string[]> | undefined)?.[String(userId)];
  return ids?.length === 1 ? ids[0]! : null;
}
