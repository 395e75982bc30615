/**
 * What one provider round may pay (issue #40): at most its standing stakes times the game's declared maximum
 * multiplier, and never more profit than an original's bet may make (GAME_MAX_PROFIT_*). Exact integer arithmetic.
 */

/** A declared maximum multiplier ("5000", "2500.5": at most 2 decimals) in hundredths: 2500.5 -> 250050. */
export function multiplierHundredths(maxMultiplier: string): bigint {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(maxMultiplier);
  if (!match) throw new RangeError(`not a maximum multiplier: ${maxMultiplier}`);
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** The most a round with these standing stakes may pay in total (its wins), in units. */
export function maxRoundPayout(standingStakes: bigint, maxMultiplier: string, maxProfit: bigint): bigint {
  if (standingStakes <= 0n) return 0n;
  const byMultiplier = (standingStakes * multiplierHundredths(maxMultiplier)) / 100n;
  const byProfit = standingStakes + maxProfit;
  return byMultiplier < byProfit ? byMultiplier : byProfit;
}
