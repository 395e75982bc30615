/** The rows and postings a bet writes: built from what the transaction wrote, so the answer needs no read back. */
import type { BetRow, NewBet, SeedPairRow } from '../../../../../db/repositories/games.repo.js';
import type { Currency } from '../../wallet/amounts.js';
import type { PostInput } from '../../wallet/ledger.service.js';
import { ratio } from '../shared/ratio.js';

/** The bet as the repository would read it back, from what the transaction wrote (the pair is active: no seed shown). */
export function newBetRow(id: string, createdAt: Date, bet: NewBet, pair: SeedPairRow, username: string): BetRow {
  return {
    id,
    userId: bet.userId,
    username,
    game: bet.game,
    currency: bet.currency,
    amount: bet.amount,
    payout: bet.payout,
    multiplier: bet.multiplier,
    state: bet.state,
    params: bet.params,
    outcome: bet.outcome,
    nonce: bet.nonce,
    clientBetId: bet.clientBetId,
    highRoller: bet.highRoller,
    seedPairId: pair.id,
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    serverSeed: null,
    createdAt,
  };
}

export const ONE = ratio(1n);

/**
 * A bet's stake (player -> house:games) or payout (house:games -> player), keyed by the bet. A raise of a multi-step
 * round is a stake keyed by the bet's total after it (totals only grow, so each raise has its own key).
 */
export function betPosting(
  step: 'stake' | 'payout',
  userId: number,
  betId: string,
  game: string,
  currency: Currency,
  amount: bigint,
  raisedTo?: bigint,
): PostInput {
  const toHouse = step === 'stake' ? amount : -amount;
  return {
    key: raisedTo === undefined ? `bet:${betId}:${step}` : `bet:${betId}:stake:${raisedTo}`,
    kind: `bet-${step}`,
    userId,
    memo: { betId, game },
    legs: [
      { account: { user: userId }, currency, amount: -toHouse },
      { account: { house: 'games' }, currency, amount: toHouse },
    ],
  };
}
