import { PPM } from './ranks.js';

/** No boost: 1x in parts per million. */
export const NO_BOOST_PPM = 1_000_000;

/**
 * THE rakeback formula, exact in 1e-8 units and rounded down:
 *   rakeback = wagered x houseEdge x rankShare x boost
 * with houseEdge, rankShare and boost in parts per million (boost 1_000_000 = 1x). The boost is the
 * BZU-holder multiplier (rakebackBoostPpm of domain/token/holder-tiers.ts); without it the boost is 1x.
 */
export function rakebackFor(
  wageredE8: bigint,
  houseEdgePpm: number,
  rankSharePpm: number,
  boostPpm: number = NO_BOOST_PPM,
): bigint {
  for (const [name, value] of [
    ['houseEdgePpm', houseEdgePpm],
    ['rankSharePpm', rankSharePpm],
  ] as const) {
    if (!Number.isInteger(value) || value < 0 || value > 1_000_000) throw new RangeError(`${name} out of range`);
  }
  if (!Number.isInteger(boostPpm) || boostPpm < 0 || boostPpm > 10_000_000)
    throw new RangeError('boostPpm out of range');
  if (wageredE8 < 0n) throw new RangeError('wagered must not be negative');
  return (wageredE8 * BigInt(houseEdgePpm) * BigInt(rankSharePpm) * BigInt(boostPpm)) / (PPM * PPM * PPM);
}

/** Splits a pool equally among n recipients: each gets floor(pool / n); the remainder stays in the pool. */
export function equalSplit(pool: bigint, recipients: number): { share: bigint; remainder: bigint } {
  if (recipients <= 0 || pool <= 0n) return { share: 0n, remainder: pool > 0n ? pool : 0n };
  const share = pool / BigInt(recipients);
  return { share, remainder: pool - share * BigInt(recipients) };
}
