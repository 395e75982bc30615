/**
 * Settling round-game bets (domain/rounds): one bet under its row lock (a cash-out, a refund), the round's winners
 * together in a few statements, its losers in one statement, and a pool round's house funding. Every bet settles exactly once.
 */
import { accountBalance } from '../../../../../db/repositories/ledger.repo.js';
import {
  betById,
  betsByIds,
  lockRoundBet,
  loseOpenRoundBets,
  updateBet,
  type BetRow,
} from '../../../../../db/repositories/games.repo.js';
import { lockRoundBets, settleBetRows, type SettledBetChange } from '../../../../../db/repositories/round-bets.repo.js';
import { DomainError } from '../../errors.js';
import { formatAmount, type Currency } from '../../wallet/amounts.js';
import { accountCode, type LedgerTx, type PostInput } from '../../wallet/ledger.service.js';
import { toBetView, type BetResult } from '../bet.views.js';
import { applyRatio, formatRatio, ratio } from '../shared/ratio.js';
import { cashAfter, payoutPosting, payoutPostingOf, recordedStakes } from './stake-sources.js';
import type { EngineContext, RoundSettlement } from './types.js';

/**
 * Called with a round's settled rows once they have committed, before their accruals (XP, rakeback, referral, which
 * need not hold up the players' view of their settlement: a round's end announces its bets with it).
 */
export type OnCommitted = (rows: BetRow[]) => void;

/**
 * Settles one open round-game bet under its row lock, exactly once: the first of parallel settlements (cash-outs,
 * the round's end, a refund) moves it, the others get `lateCode` (409). `decide` sees the locked bet in the same
 * transaction. The payout is floor(stake x multiplier), capped at stake + profit limit; after commit, the same
 * feed, XP, rakeback and referral accruals as every other bet.
 */
export async function settleRoundBet(
  ctx: EngineContext,
  betId: string,
  houseEdgePpm: number,
  decide: (bet: BetRow, tx: LedgerTx) => Promise<RoundSettlement>,
  options: { userId?: number; lateCode: string; lateMessage: string },
): Promise<BetResult> {
  const { row, balance } = await ctx.deps.ledger.transact(async (tx) => {
    const locked = await lockRoundBet(tx.trx, betId);
    if (!locked || (options.userId !== undefined && locked.user_id !== options.userId)) {
      throw new DomainError('NOT_FOUND', 'No such bet', { code: 'NOT_FOUND' });
    }
    if (locked.state !== 'open') throw new DomainError('CONFLICT', options.lateMessage, { code: options.lateCode });
    const current = (await betById(tx.trx, betId))!;
    const { change, posting } = await roundBetSettlement(ctx, tx, current, await decide(current, tx));
    await updateBet(tx.trx, current.id, change);
    if (locked.limited && change.payout > 0n) await creditLimited(ctx, tx, current, change.payout);
    // The row and balance come from what was written, not read back. The payout's key cannot exist yet (the bet was
    // open under its lock, and only its settlement posts it): the bet path's one-statement posting (newKeys).
    const row: BetRow = { ...current, ...change };
    if (!posting)
      return { row, balance: await accountBalance(tx.trx, accountCode({ user: current.userId }), row.currency) };
    const posted = await tx.postAll([posting], { newKeys: true });
    // A payout wholly into the bonus balance moves no cash: cashAfter reads it then.
    return { row, balance: await cashAfter(tx, posted, current.userId, row.currency) };
  });
  await ctx.accruals.afterSettle(row, houseEdgePpm);
  return { bet: toBetView(row), balance: formatAmount(balance) };
}

/**
 * What settling an open round bet writes: its row's new state and the payout posting, if any, split as the stake was
 * (a refund gives the bonus part back to the bonus, the cash part to cash).
 */
async function roundBetSettlement(
  ctx: EngineContext,
  tx: LedgerTx,
  current: BetRow,
  decided: RoundSettlement,
  stakes?: Awaited<ReturnType<typeof recordedStakes>>,
): Promise<{ change: Omit<SettledBetChange, 'id'>; posting: PostInput | null }> {
  let payout = decided.payout ?? applyRatio(current.amount, decided.multiplier);
  const limit = ctx.limits.maxProfit[current.currency];
  // The profit limit bounds what the house risks on a bet; a pot share is the players' own stakes (and a minimum
  // the operator chose), so capping it would keep units of the pot.
  const capped = decided.payout === undefined && payout - current.amount >= limit;
  if (capped) payout = current.amount + limit;
  const outcome = { ...(current.outcome as object), ...decided.outcome, ...(capped ? { capped: true } : {}) };
  // A refund gives the stake back: the bet neither won nor lost, so it reads neither (issue 45).
  const refund = (decided.outcome as { refunded?: unknown }).refunded === true;
  return {
    change: {
      state: refund ? 'refunded' : payout > 0n ? 'won' : 'lost',
      outcome,
      payout,
      multiplier: formatRatio(capped ? ratio(payout, current.amount) : decided.multiplier, 4),
      highRoller: ctx.checks.isHighRoller(current.currency, current.amount, payout),
    },
    posting:
      payout === 0n
        ? null
        : stakes
          ? payoutPostingOf(current, payout, stakes.get(current.id))
          : await payoutPosting(tx, current, payout),
  };
}

/** A player under play limits has a win counted against them, in the settlement's transaction. */
async function creditLimited(ctx: EngineContext, tx: LedgerTx, bet: BetRow, payout: bigint): Promise<void> {
  await ctx.deps.playLimits?.credit(tx.trx, { userId: bet.userId, currency: bet.currency, payout });
}

/**
 * The round's end pays its winners (auto cash-outs) together, in one database transaction of a few statements
 * whatever their number: the still-open bets locked at once (a bet cashed out by hand a moment before is skipped),
 * their rows settled at once, and their payouts posted together (one ledger transaction per bet, as always; each
 * keyed by its bet, so a second run of the same end can post nothing twice). Then each gets its feed and accruals.
 * Answers the settled rows.
 */
export async function settleRoundWinners(
  ctx: EngineContext,
  winners: { betId: string; settlement: RoundSettlement }[],
  houseEdgePpm: number,
  onCommitted?: OnCommitted,
): Promise<BetRow[]> {
  if (winners.length === 0) return [];
  const settlements = new Map(winners.map((winner) => [winner.betId, winner.settlement]));
  const settledIds = await ctx.deps.ledger.transact(async (tx) => {
    const open = (await lockRoundBets(tx.trx, [...settlements.keys()])).filter((bet) => bet.state === 'open');
    const limited = new Set(open.filter((bet) => bet.limited).map((bet) => bet.id));
    const changes: SettledBetChange[] = [];
    const postings: PostInput[] = [];
    // The winners' bonus parts in one read, not one a bet: the round's bets stay locked until this commits.
    const stakes = await recordedStakes(
      tx,
      open.map((bet) => bet.id),
    );
    for (const current of await betsByIds(
      tx.trx,
      open.map((bet) => bet.id),
    )) {
      const { change, posting } = await roundBetSettlement(ctx, tx, current, settlements.get(current.id)!, stakes);
      changes.push({ id: current.id, ...change });
      if (posting) postings.push(posting);
      if (limited.has(current.id) && change.payout > 0n) await creditLimited(ctx, tx, current, change.payout);
    }
    await settleBetRows(tx.trx, changes);
    if (postings.length > 0) await tx.postAll(postings, { newKeys: true });
    return changes.map((change) => change.id);
  });
  const rows = await betsByIds(ctx.deps.db, settledIds);
  onCommitted?.(rows);
  await Promise.all(rows.map((row) => ctx.accruals.afterSettle(row, houseEdgePpm)));
  return rows;
}

/**
 * The house's addition to a pool round's pot (bingo's guaranteed minimum): its own ledger transaction, keyed by the
 * round and currency, so a resumed settlement never funds twice.
 */
export async function fundRoundPot(
  ctx: EngineContext,
  roundId: string,
  game: string,
  currency: Currency,
  amount: bigint,
): Promise<void> {
  if (amount <= 0n) return;
  await ctx.deps.ledger.transact((tx) =>
    tx.post({
      key: `round:${roundId}:pot-funding:${currency}`,
      kind: 'round-pot-funding',
      memo: { roundId, game },
      legs: [
        { account: { house: 'pot-guarantees' }, currency, amount: -amount },
        { account: { house: 'games' }, currency, amount },
      ],
    }),
  );
}

/** Settles the round's given open bets as lost in one statement, then their feed and accruals; answers the rows. */
export async function loseRoundBets(
  ctx: EngineContext,
  roundId: string,
  betIds: string[],
  outcome: object,
  houseEdgePpm: number,
  onCommitted?: OnCommitted,
): Promise<BetRow[]> {
  const settled = await loseOpenRoundBets(ctx.deps.db, roundId, betIds, outcome);
  const rows = await betsByIds(ctx.deps.db, settled);
  if (rows.length > 0) onCommitted?.(rows);
  await Promise.all(rows.map((row) => ctx.accruals.afterSettle(row, houseEdgePpm)));
  return rows;
}
