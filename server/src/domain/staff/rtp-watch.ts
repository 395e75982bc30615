/**
 * Realised RTP against published RTP (issue 43). Each settled bet (a provider round, a sports bet) returns
 * r = payout / stake; over n bets the mean of r estimates the game's RTP, with standard error sd(r) / sqrt(n).
 * A game whose mean lies more than 4 standard errors from its published RTP, over at least 10,000 bets, is
 * flagged: for a fair game that happens about once in 16,000 looks, so a flag is worth a person's time.
 */
export const RTP_FLAG_MIN_BETS = 10_000;
export const RTP_FLAG_SE = 4;

export interface RtpSample {
  bets: number;
  /** Σ r and Σ r² over the bets. */
  ratioSum: number;
  ratioSqSum: number;
}

export interface RtpVerdict {
  /** Mean return per bet, percent. */
  realisedPercent: number;
  /** Standard error of that mean, percent points; null below two bets. */
  standardErrorPercent: number | null;
  /** (realised − published) / SE; null without a published RTP or an SE. */
  deviationSe: number | null;
  flagged: boolean;
}

export function rtpVerdict(sample: RtpSample, publishedPercent: number | null): RtpVerdict {
  const { bets: n, ratioSum, ratioSqSum } = sample;
  const mean = n > 0 ? ratioSum / n : 0;
  // Sample variance; clamped at 0, as float sums of equal ratios can round a hair below.
  const variance = n > 1 ? Math.max(0, (ratioSqSum - n * mean * mean) / (n - 1)) : null;
  const se = variance === null ? null : Math.sqrt(variance / n);
  const deviation =
    publishedPercent === null || se === null
      ? null
      : se === 0
        ? mean * 100 === publishedPercent
          ? 0
          : Number.POSITIVE_INFINITY * Math.sign(mean * 100 - publishedPercent)
        : (mean * 100 - publishedPercent) / (se * 100);
  return {
    realisedPercent: mean * 100,
    standardErrorPercent: se === null ? null : se * 100,
    deviationSe: deviation,
    flagged: deviation !== null && n >= RTP_FLAG_MIN_BETS && Math.abs(deviation) > RTP_FLAG_SE,
  };
}
