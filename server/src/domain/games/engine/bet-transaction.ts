import { betByClientId, takeNonce, type BetRow, type NonceTaken } from '../../../../../db/repositories/games.repo.js';
import { uniqueViolation } from '../../../../../db/repositories/pg-errors.js';
import { DomainError } from '../../errors.js';
import type { Currency } from '../../wallet/amounts.js';
import type { LedgerTx } from '../../wallet/ledger.service.js';
import type { BetPlayer, EngineContext, StakeInput } from './types.js';

/** Thrown inside the transaction when a clientBetId was already used: rolls back the nonce, returns the first bet. */
class ExistingBet extends Error {
  constructor(readonly row: BetRow) {
    super('bet already placed');
  }
}

/** One open round per player: the refusal, in the words of the game being started. */
export const roundOpen = (game: { slug: string }) =>
  new DomainError('CONFLICT', `Finish your open ${game.slug} round first`, { code: 'ROUND_OPEN' });

/**
 * The transaction every new bet runs in: the nonce first (its row lock serialises the player's bets, so a retried
 * clientBetId finds the first attempt committed), then the game's work, then the balance as committed.
 */
export async function inBetTransaction(
  ctx: EngineContext,
  player: BetPlayer,
  stake: StakeInput,
  work: (tx: LedgerTx, pair: NonceTaken) => Promise<{ row: BetRow; balance: bigint }>,
  round?: { slug: string },
): Promise<{ row: BetRow; balance: bigint; fresh: boolean }> {
  const userId = player.id;
  try {
    // Short on purpose: every bet's stake locks the house account row until commit, so whatever runs inside this
    // transaction bounds the platform's settlement rate. The answer is built from what the transaction wrote.
    const settled = await ctx.deps.ledger.transact(async (tx) => {
      let pair = await takeNonce(tx.trx, userId);
      if (!pair) {
        // First bet ever: the pair is created lazily, here, and the nonce taken from it.
        await ctx.deps.fairness.ensurePair(userId, tx.trx);
        pair = await takeNonce(tx.trx, userId);
        if (!pair) throw new Error(`no active seed pair for user ${userId}`);
      }
      // Read with the nonce: a self-exclusion committed before this bet's nonce is taken stops it (and rolls the
      // nonce back).
      if (pair.excluded) await ctx.deps.assertCanPlay(userId, tx.trx);
      if (stake.clientBetId) {
        const existing = await betByClientId(tx.trx, userId, stake.clientBetId);
        if (existing) throw new ExistingBet(existing);
      }
      return work(tx, pair);
    });
    return { ...settled, fresh: true };
  } catch (error) {
    if (error instanceof ExistingBet) return replay(ctx, userId, error.row);
    const constraint = uniqueViolation(error);
    if (constraint === 'bets_one_open_round' && round) throw roundOpen(round);
    if (constraint === 'bets_client_bet_id_key' && stake.clientBetId) {
      const existing = await betByClientId(ctx.deps.db, userId, stake.clientBetId);
      if (existing) return replay(ctx, userId, existing);
    }
    throw error;
  }
}

export async function replay(ctx: EngineContext, userId: number, row: BetRow) {
  return { row, balance: (await ctx.deps.ledger.balances(userId))[row.currency], fresh: false };
}

/** A limited player's stake against their loss and wager limits, in the bet's transaction (refused: it rolls back). */
export async function chargeLimits(
  ctx: EngineContext,
  tx: LedgerTx,
  userId: number,
  stake: { amount: bigint; currency: Currency },
  payout: bigint,
): Promise<void> {
  await ctx.deps.playLimits?.charge(tx.trx, { userId, currency: stake.currency, stake: stake.amount, payout });
}
