/**
 * What a settled bet did for the player, in one word, for readers of the REST bet and the CSV export (issue 45).
 * `state` stays by net and keeps its four values (the wire contract of API.md: a legacy client reads won/lost), so a
 * bet that gave part of its stake back (baccarat on the player and the banker when the banker wins, a 0.5x plinko
 * bucket) is `state: "lost"` there; `result` tells it apart as `partial` instead of leaving it a plain loss.
 */
export type BetResultWord = 'open' | 'won' | 'partial' | 'lost' | 'refunded';

export const BET_RESULT_WORDS = ['open', 'won', 'partial', 'lost', 'refunded'] as const;

/** An exact decimal amount (as BetView carries it) that is more than zero: any non-zero digit. */
const isPositive = (amount: string) => !amount.startsWith('-') && /[1-9]/.test(amount);

/** A bet's result from its state (by net) and its payout: a loss that paid something back is `partial`. */
export function betResult(bet: { state: 'open' | 'won' | 'lost' | 'refunded'; payout: string }): BetResultWord {
  if (bet.state === 'lost' && isPositive(bet.payout)) return 'partial';
  return bet.state;
}

/**
 * A studio's round, by the same words: a rollback gave the stake back (`refunded`); otherwise by net against the
 * stake, a win smaller than the stake being `partial`.
 */
export function providerRoundResult(round: { staked: bigint; won: bigint; rolledBack: bigint }): BetResultWord {
  if (round.rolledBack > 0n) return 'refunded';
  if (round.won >= round.staked) return 'won';
  return round.won > 0n ? 'partial' : 'lost';
}
