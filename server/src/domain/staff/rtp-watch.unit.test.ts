import { describe, expect, it } from 'vitest';
import { rtpVerdict, RTP_FLAG_MIN_BETS } from './rtp-watch.js';

/** Σr and Σr² of n bets that each pay `multiplier` with probability p (the rest lose). */
function sample(n: number, wins: number, multiplier: number) {
  return { bets: n, ratioSum: wins * multiplier, ratioSqSum: wins * multiplier * multiplier };
}

describe('rtpVerdict', () => {
  it('gives the mean return and its standard error', () => {
    // 20,000 coin flips paying 2x, 9,900 won: mean 0.99, sd = sqrt(p(1-p))*2.
    const verdict = rtpVerdict(sample(20_000, 9_900, 2), 99);
    expect(verdict.realisedPercent).toBeCloseTo(99, 10);
    const p = 9_900 / 20_000;
    const sd = Math.sqrt((20_000 / 19_999) * p * (1 - p)) * 2;
    expect(verdict.standardErrorPercent).toBeCloseTo((sd / Math.sqrt(20_000)) * 100, 10);
    expect(verdict.deviationSe).toBeCloseTo(0, 10);
    expect(verdict.flagged).toBe(false);
  });

  it('flags a game more than 4 SE off over at least 10,000 bets', () => {
    // 20,000 flips at 2x with 10,600 wins: 106% against 99%, SE ~0.7 points: ~10 SE.
    const off = rtpVerdict(sample(20_000, 10_600, 2), 99);
    expect(off.deviationSe!).toBeGreaterThan(4);
    expect(off.flagged).toBe(true);
    // The same deviation over fewer bets than the threshold is not flagged, however many SE it is.
    const few = rtpVerdict(sample(RTP_FLAG_MIN_BETS - 1, Math.round((RTP_FLAG_MIN_BETS - 1) * 0.6), 2), 99);
    expect(Math.abs(few.deviationSe!)).toBeGreaterThan(4);
    expect(few.flagged).toBe(false);
  });

  it('flags low as well as high, and not within 4 SE', () => {
    expect(rtpVerdict(sample(40_000, 19_000, 2), 99).flagged).toBe(true);
    // 99.4% on 40,000 bets: SE ~0.5 points, under 1 SE away.
    expect(rtpVerdict(sample(40_000, 19_880, 2), 99).flagged).toBe(false);
  });

  it('has no verdict without a published RTP', () => {
    const verdict = rtpVerdict(sample(50_000, 40_000, 2), null);
    expect(verdict.deviationSe).toBeNull();
    expect(verdict.flagged).toBe(false);
  });
});
