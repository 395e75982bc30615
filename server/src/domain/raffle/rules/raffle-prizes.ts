/**
 * Tickets and prizes of a raffle, exact in integer units (1e-8). Pure, shared with the browser like raffle-draw.ts.
 */

export const PPM = 1_000_000n;

export interface TicketRule {
  /** Wager (1e-8 units) that earns one ticket, per currency; 0 means bets in that currency earn none. */
  usdPerTicket: bigint;
  bzuPerTicket: bigint;
}

export interface TicketSources {
  wageredUsd: bigint;
  wageredBzu: bigint;
  /** Bonus tickets of the player's BZU holder tier (token/holder-tiers.ts) when the raffle closes. */
  holderBonus: number;
  /** 1 when the player claimed the free daily entry of this raffle. */
  freeEntry: number;
}

/** One ticket per full configured amount wagered in each currency, plus the holder bonus and the free entry. */
export function ticketsFor(rule: TicketRule, sources: TicketSources): number {
  const fromUsd = rule.usdPerTicket > 0n ? sources.wageredUsd / rule.usdPerTicket : 0n;
  const fromBzu = rule.bzuPerTicket > 0n ? sources.wageredBzu / rule.bzuPerTicket : 0n;
  return Number(fromUsd + fromBzu) + sources.holderBonus + sources.freeEntry;
}

/**
 * The published prize table as shares of the pool in parts per million: the listed top prizes (1st, 2nd, 3rd...)
 * then `equalCount` equal prizes sharing what is left. Throws when the top shares exceed the whole pool.
 */
export function prizeShares(topSharesPpm: readonly number[], equalCount: number): bigint[] {
  const top = topSharesPpm.map(BigInt);
  const used = top.reduce((sum, share) => sum + share, 0n);
  if (used > PPM) throw new RangeError('the top prizes exceed the pool');
  if (equalCount === 0) return top;
  const each = (PPM - used) / BigInt(equalCount);
  return [...top, ...Array.from({ length: equalCount }, () => each)];
}

/** Each prize's amount (rounded down); whatever is not handed out (dust, unawarded prizes) stays for the jackpot. */
export function prizeAmounts(pool: bigint, shares: readonly bigint[]): bigint[] {
  return shares.map((share) => (pool * share) / PPM);
}
