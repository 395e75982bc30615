/**
 * Multi-step rounds (mines, blackjack, hilo): the start takes the stake and the nonce, so every float of the round is
 * fixed from there; each later step runs under the bet row's lock, and the profit limit caps a round, never refuses it.
 */
import type { z } from 'zod';
import { accountBalance } from '../../../../../db/repositories/ledger.repo.js';
import {
  betById,
  hasOpenRound,
  insertBet,
  lockBet,
  openRound,
  seedPairById,
  updateBet,
  type NewBet,
} from '../../../../../db/repositories/games.repo.js';
import { DomainError } from '../../errors.js';
import { formatAmount, type Currency } from '../../wallet/amounts.js';
import { accountCode } from '../../wallet/ledger.service.js';
import { toBetView, type BetResult, type BetView } from '../bet.views.js';
import { roundFloats } from '../fairness.service.js';
import type { BetSchema, MultiStepGame, RoundFloats, Step } from '../game-module.js';
import { applyRatio, formatRatio, ratio } from '../shared/ratio.js';
import { newBetRow } from './bet-rows.js';
import { chargeLimits, inBetTransaction, roundOpen } from './bet-transaction.js';
import { cashAfter, payoutPosting, planStake, recordSplit, stakePosting } from './stake-sources.js';
import type { BetPlayer, EngineContext, Resolution, StakeInput } from './types.js';

/**
 * A multi-step round starts: takes the stake and the nonce, so every float of the round is fixed from here (and
 * rotation waits for the round to end). One open round per player, across games.
 */
export async function startRound<Schema extends BetSchema, P, S extends object>(
  ctx: EngineContext,
  player: BetPlayer,
  game: MultiStepGame<Schema, P, S>,
  input: z.output<Schema>,
): Promise<BetResult> {
  const userId = player.id;
  const { amount, params } = game.wager(input);
  const stake: StakeInput = { amount, currency: input.currency, clientBetId: input.clientBetId };
  ctx.checks.checkParams(game.paramsError(params));
  ctx.checks.checkMinimum(stake);
  const started = await inBetTransaction(
    ctx,
    player,
    stake,
    async (tx, pair) => {
      if (await hasOpenRound(tx.trx, userId)) throw roundOpen(game);
      const split = await planStake(tx, userId, stake.currency, amount, { bonused: pair.bonused });
      const floats = roundFloats(pair, pair.nonce);
      const first = game.start({ params, floats });
      if (first.raise) throw new Error(`${game.slug}: start cannot raise the stake (the wager is the stake)`);
      const resolved = resolve(ctx, game, { params, floats }, first, amount, stake.currency);
      if (pair.limited) await chargeLimits(ctx, tx, userId, stake, resolved.payout);
      const bet: NewBet = {
        userId,
        game: game.slug,
        currency: stake.currency,
        amount,
        payout: resolved.payout,
        multiplier: resolved.multiplier,
        state: resolved.state,
        params,
        outcome: resolved.outcome,
        seedPairId: pair.id,
        nonce: pair.nonce,
        clientBetId: stake.clientBetId ?? null,
        highRoller: resolved.state !== 'open' && ctx.checks.isHighRoller(stake.currency, amount, resolved.payout),
        settled: resolved.state !== 'open',
      };
      const { id, createdAt } = await insertBet(tx.trx, bet);
      // Before the postings: the house row they lock is held until commit, so nothing more runs after them.
      await recordSplit(tx, id, split);
      const placed = { id, userId, game: game.slug, currency: stake.currency, amount };
      const postings = [stakePosting(userId, id, game.slug, stake.currency, amount, split)];
      if (resolved.payout > 0n) postings.push(await payoutPosting(tx, placed, resolved.payout, split));
      const posted = await tx.postAll(postings, { newKeys: true });
      return {
        row: newBetRow(id, createdAt, bet, pair, player.username),
        balance: await cashAfter(tx, posted, userId, stake.currency),
      };
    },
    game,
  );
  if (started.fresh && started.row.state !== 'open') await ctx.accruals.afterSettle(started.row, game.houseEdgePpm);
  return { bet: toBetView(started.row), balance: formatAmount(started.balance) };
}

/** One named action on the player's open round of `game`; `input` is the action's parsed input (with `betId`). */
export async function act<Schema extends BetSchema, P, S extends object>(
  ctx: EngineContext,
  userId: number,
  game: MultiStepGame<Schema, P, S>,
  action: string,
  input: { betId: string },
): Promise<BetResult> {
  const rule = Object.hasOwn(game.actions, action) ? game.actions[action] : undefined;
  if (!rule) throw new DomainError('BAD_REQUEST', `Unknown ${game.slug} action`, { code: 'BAD_REQUEST' });
  return roundStep(ctx, userId, game, input.betId, (round) => rule.apply(round, input));
}

/** Cash the open round out at its running multiplier. */
export async function cashout<Schema extends BetSchema, P, S extends object>(
  ctx: EngineContext,
  userId: number,
  game: MultiStepGame<Schema, P, S>,
  betId: string,
): Promise<BetResult> {
  return roundStep(ctx, userId, game, betId, (round) => {
    const step = game.cashout(round);
    if ('refused' in step) throw new DomainError('BAD_REQUEST', step.refused, { code: 'BAD_REQUEST' });
    return step;
  });
}

/** The player's open round of this game, if any. */
export async function activeRound(ctx: EngineContext, userId: number, game: { slug: string }): Promise<BetView | null> {
  const row = await openRound(ctx.deps.db, userId);
  return row && row.game === game.slug ? toBetView(row) : null;
}

/**
 * Where a step leaves the bet. The profit limit never refuses a round: once the running profit reaches it, the round
 * is cashed out at once paying exactly stake + limit, and says so (`capped`).
 */
export function resolve<P, S extends object>(
  ctx: EngineContext,
  game: MultiStepGame<BetSchema, P, S>,
  round: { params: P; floats: RoundFloats },
  step: Step<S>,
  amount: bigint,
  currency: Currency,
): Resolution {
  const payout = applyRatio(amount, step.multiplier);
  // A lost round returns less than its stake, maybe something (blackjack's insurance): never near the limit.
  if (step.status === 'lost')
    return { state: 'lost', outcome: step.state, payout, multiplier: formatRatio(step.multiplier, 4) };
  const limit = ctx.limits.maxProfit[currency];
  if (payout - amount >= limit) {
    const ended = step.status === 'won' ? step : game.cashout({ ...round, state: step.state });
    const state = 'refused' in ended ? step.state : ended.state;
    const capped = amount + limit;
    return {
      state: 'won',
      outcome: { ...state, capped: true },
      payout: capped,
      multiplier: formatRatio(ratio(capped, amount), 4),
    };
  }
  if (step.status === 'open')
    return { state: 'open', outcome: step.state, payout: 0n, multiplier: formatRatio(step.multiplier, 4) };
  return { state: 'won', outcome: step.state, payout, multiplier: formatRatio(step.multiplier, 4) };
}

/** One step of an open round, under the bet row's lock: the first of parallel steps moves it, the others see it moved or over. */
export async function roundStep<P, S extends object>(
  ctx: EngineContext,
  userId: number,
  game: MultiStepGame<BetSchema, P, S>,
  betId: string,
  step: (round: { state: S; params: P; floats: RoundFloats }) => Step<S>,
): Promise<BetResult> {
  const { row, ended, balance } = await ctx.deps.ledger.transact(async (tx) => {
    const locked = await lockBet(tx.trx, betId, userId);
    if (!locked || locked.game !== game.slug)
      throw new DomainError('NOT_FOUND', `No such ${game.slug} round`, { code: 'NOT_FOUND' });
    if (locked.state !== 'open') throw new DomainError('CONFLICT', 'This round is over', { code: 'ROUND_OVER' });
    const current = (await betById(tx.trx, betId))!;
    const pair = (await seedPairById(tx.trx, current.seedPairId))!;
    const round = {
      state: locked.outcome as S,
      params: current.params as P,
      floats: roundFloats(pair, current.nonce),
    };
    const next = step(round);
    const raise = next.raise ?? 0n;
    if (raise < 0n) throw new Error(`${game.slug}: a step cannot lower the stake`);
    const amount = current.amount + raise;
    // The raise first: refused by the balance (or an active bonus's maximum stake), it rolls the whole step back. It
    // draws on cash and bonus in the offer's order, like the stake.
    if (raise > 0n) {
      const split = await planStake(tx, userId, current.currency, raise, { total: amount });
      await tx.post(stakePosting(userId, betId, game.slug, current.currency, raise, split, amount));
      await recordSplit(tx, betId, split);
    }
    const resolved = resolve(ctx, game, round, next, amount, current.currency);
    if (locked.limited && raise > 0n) {
      await chargeLimits(ctx, tx, userId, { amount: raise, currency: current.currency }, resolved.payout);
    } else if (locked.limited && resolved.payout > 0n) {
      await ctx.deps.playLimits?.credit(tx.trx, { userId, currency: current.currency, payout: resolved.payout });
    }
    const ended = resolved.state !== 'open';
    await updateBet(tx.trx, betId, {
      state: resolved.state,
      outcome: resolved.outcome,
      multiplier: resolved.multiplier,
      ...(raise > 0n ? { amount } : {}),
      ...(ended
        ? { payout: resolved.payout, highRoller: ctx.checks.isHighRoller(current.currency, amount, resolved.payout) }
        : {}),
    });
    if (resolved.payout > 0n) await tx.post(await payoutPosting(tx, { ...current, amount }, resolved.payout));
    const row = (await betById(tx.trx, betId))!;
    return { row, ended, balance: await accountBalance(tx.trx, accountCode({ user: userId }), row.currency) };
  });
  if (ended) await ctx.accruals.afterSettle(row, game.houseEdgePpm);
  return { bet: toBetView(row), balance: formatAmount(balance) };
}
