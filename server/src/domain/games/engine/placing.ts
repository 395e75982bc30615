/** Placing a bet: an instant game's whole bet, and a round game's stake waiting for its public round. */
import type { z } from 'zod';
import { insertBet, type NewBet } from '../../../../../db/repositories/games.repo.js';
import { uniqueViolation } from '../../../../../db/repositories/pg-errors.js';
import { DomainError } from '../../errors.js';
import { formatAmount } from '../../wallet/amounts.js';
import type { LedgerTx } from '../../wallet/ledger.service.js';
import { toBetView, type BetResult } from '../bet.views.js';
import { betFloats } from '../fairness.service.js';
import type { BetSchema, InstantGame } from '../game-module.js';
import { compareRatio, formatRatio } from '../shared/ratio.js';
import { newBetRow, ONE } from './bet-rows.js';
import { chargeLimits, inBetTransaction } from './bet-transaction.js';
import { cashAfter, payoutPosting, planStake, recordSplit, stakePosting } from './stake-sources.js';
import type { BetPlayer, EngineContext, StakeInput } from './types.js';

/** An instant game: one call, one settled bet. `input` is the game's parsed input. */
export async function playInstant<Schema extends BetSchema, P, O>(
  ctx: EngineContext,
  player: BetPlayer,
  game: InstantGame<Schema, P, O>,
  input: z.output<Schema>,
): Promise<BetResult> {
  const userId = player.id;
  const { amount, params } = game.wager(input);
  const stake: StakeInput = { amount, currency: input.currency, clientBetId: input.clientBetId };
  ctx.checks.checkParams(game.paramsError(params));
  ctx.checks.checkMinimum(stake);
  if (!game.capsAtProfitLimit) ctx.checks.checkMaxProfit(stake, game.maxPayout(params, amount));
  const settled = await inBetTransaction(ctx, player, stake, async (tx, pair) => {
    // First: a stake over an active bonus's maximum is refused before anything is written (the nonce rolls back).
    const split = await planStake(tx, userId, stake.currency, amount, { bonused: pair.bonused });
    const floats = betFloats(pair, pair.nonce, game.floatCount(params));
    const { outcome, multiplier, payout } = ctx.checks.profitCapped(game, game.settle(floats, params, amount), stake);
    if (pair.limited) await chargeLimits(ctx, tx, userId, stake, payout);
    const bet: NewBet = {
      userId,
      game: game.slug,
      currency: stake.currency,
      amount,
      payout,
      multiplier: formatRatio(multiplier, 4),
      state: compareRatio(multiplier, ONE) >= 0 ? 'won' : 'lost',
      params,
      outcome,
      seedPairId: pair.id,
      nonce: pair.nonce,
      clientBetId: stake.clientBetId ?? null,
      highRoller: ctx.checks.isHighRoller(stake.currency, amount, payout),
      settled: true,
    };
    const { id, createdAt } = await insertBet(tx.trx, bet);
    // Before the postings: the house row they lock is held until commit, so nothing more runs after them.
    await recordSplit(tx, id, split);
    // Stake and payout are two postings so the stake alone must be covered: a winning bet cannot fund itself.
    const placed = { id, userId, game: game.slug, currency: stake.currency, amount };
    const postings = [stakePosting(userId, id, game.slug, stake.currency, amount, split)];
    if (payout > 0n) postings.push(await payoutPosting(tx, placed, payout, split));
    // The keys name the bet row inserted just above: new by construction.
    const posted = await tx.postAll(postings, { newKeys: true });
    return {
      row: newBetRow(id, createdAt, bet, pair, player.username),
      balance: await cashAfter(tx, posted, userId, stake.currency),
    };
  });
  if (settled.fresh) await ctx.accruals.afterSettle(settled.row, game.houseEdgePpm);
  return { bet: toBetView(settled.row), balance: formatAmount(settled.balance) };
}

/**
 * A round game's bet (round games: domain/rounds): the stake is taken now and the bet waits open for its public
 * round, which `claim` names (and refuses when betting is closed), inside the same transaction. The nonce is taken
 * as for every bet, because its row lock serialises the player's bets and reads the self-exclusion flag; the bet's
 * outcome comes from the round, not from the seed pair.
 */
export async function placeRoundBet<Schema extends BetSchema, P>(
  ctx: EngineContext,
  player: BetPlayer,
  game: {
    slug: string;
    wager(input: z.output<Schema>): { amount: bigint; params: P };
    paramsError(params: P): string | null;
  },
  input: z.output<Schema>,
  claim: (tx: LedgerTx) => Promise<{ roundId: string; outcome: object }>,
): Promise<BetResult & { fresh: boolean }> {
  const userId = player.id;
  const { amount, params } = game.wager(input);
  const stake: StakeInput = { amount, currency: input.currency, clientBetId: input.clientBetId };
  ctx.checks.checkParams(game.paramsError(params));
  ctx.checks.checkMinimum(stake);
  try {
    const placed = await inBetTransaction(ctx, player, stake, async (tx, pair) => {
      const split = await planStake(tx, userId, stake.currency, amount, { bonused: pair.bonused });
      const round = await claim(tx);
      if (pair.limited) await chargeLimits(ctx, tx, userId, stake, 0n);
      const bet: NewBet = {
        userId,
        game: game.slug,
        currency: stake.currency,
        amount,
        payout: 0n,
        multiplier: '0.0000',
        state: 'open',
        params,
        outcome: round.outcome,
        seedPairId: pair.id,
        nonce: pair.nonce,
        clientBetId: stake.clientBetId ?? null,
        highRoller: false,
        settled: false,
        roundId: round.roundId,
      };
      const { id, createdAt } = await insertBet(tx.trx, bet);
      // Before the postings: the house row they lock is held until commit, so nothing more runs after them.
      await recordSplit(tx, id, split);
      const posted = await tx.postAll([stakePosting(userId, id, game.slug, stake.currency, amount, split)], {
        newKeys: true,
      });
      return {
        row: newBetRow(id, createdAt, bet, pair, player.username),
        balance: await cashAfter(tx, posted, userId, stake.currency),
      };
    });
    return { bet: toBetView(placed.row), balance: formatAmount(placed.balance), fresh: placed.fresh };
  } catch (error) {
    if (uniqueViolation(error) === 'bets_one_per_round') {
      throw new DomainError('CONFLICT', 'You already have a bet in this round', { code: 'ALREADY_BET' });
    }
    throw error;
  }
}
