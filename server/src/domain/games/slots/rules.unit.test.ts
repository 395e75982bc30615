import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../../../tests/support/rtp-simulation.js';
import { floatsFromSeeds } from '../shared/floats.js';
import { compareRatio, formatRatio, ratio } from '../shared/ratio.js';
import { slotsExactRtp, slotsSection } from './exact-rtp.js';
import {
  SLOT_FLOAT_COUNT,
  SLOT_MAX_FREE_SPINS,
  SLOT_STRIPS,
  SLOTS_RTP_PERCENT,
  slotLinePay,
  slotsOutcome,
  slotsPlay,
  slotUnitsText,
  slotWindow,
  type SlotSymbol,
} from './rules.js';

/** From server/src/domain/games/slots/slots_vectors.py, an independent Python implementation of FAIRNESS.md and the published tables. */
const vectors = JSON.parse(readFileSync(new URL('./slots-vectors.json', import.meta.url), 'utf8'));
const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const symbols = (text: string) => text.split('') as SlotSymbol[];
const fromPython = (value: { num: string; den: string }) => ratio(BigInt(value.num), BigInt(value.den));

describe('slots golden vectors (independent Python implementation)', () => {
  it('129 bets over seeds, client seeds and nonces, free spins and a retrigger among them: every spin, line and total alike', () => {
    expect(vectors.bets.length).toBe(129);
    const withFree = vectors.bets.filter((v: { outcome: { spins: unknown[] } }) => v.outcome.spins.length > 1);
    expect(withFree.length).toBeGreaterThanOrEqual(9);
    expect(
      vectors.bets.some((v: { outcome: { spins: { free: boolean; freeSpinsWon: number }[] } }) =>
        v.outcome.spins.some((s) => s.free && s.freeSpinsWon > 0),
      ),
    ).toBe(true);
    for (const v of vectors.bets) {
      const { outcome } = slotsOutcome(floatsFromSeeds(hmac, v, SLOT_FLOAT_COUNT));
      expect(outcome, `${v.clientSeed}:${v.nonce}`).toEqual(v.outcome);
    }
  });

  it('the exact RTP is the rational the Python recursion computes, and lies between 96% and 98%', () => {
    const result = slotsExactRtp();
    expect(result.lines).toEqual(fromPython(vectors.lines));
    expect(result.scatters).toEqual(fromPython(vectors.scatters));
    expect(result.freeSpins).toEqual(fromPython(vectors.freeSpins));
    expect(result.rtp).toEqual(fromPython(vectors.rtp));
    expect(formatRatio(result.rtp, 10)).toBe('0.9753416789');
    expect(compareRatio(result.rtp, ratio(96n, 100n))).toBeGreaterThan(0);
    expect(compareRatio(result.rtp, ratio(98n, 100n))).toBeLessThan(0);
    expect(SLOTS_RTP_PERCENT).toBe(formatRatio({ num: result.rtp.num * 100n, den: result.rtp.den }, 2));
  });

  it('docs/fairness.md publishes exactly these strips, tables and figures (npm run docs:slots regenerates them)', () => {
    const document = readFileSync(new URL('../../../../../docs/fairness.md', import.meta.url), 'utf8');
    expect(document).toContain(slotsSection());
  });

  it('a simulation of 10^6 bets agrees with the exact RTP', () => {
    const exact = slotsExactRtp().rtp;
    simulate(
      'slots',
      (floats) => {
        const drawn: number[] = [];
        const { multiplier } = slotsPlay((index) => {
          while (drawn.length <= index) drawn.push(floats(1)[0]!);
          return drawn[index]!;
        });
        return Number(multiplier.num) / Number(multiplier.den);
      },
      Number((exact.num * 10n ** 12n) / exact.den) / 1e12,
    );
  }, 60_000);
});

describe('slots rules', () => {
  it('the window: the stop in the middle row, its neighbours above and below, wrapping at both ends of the strip', () => {
    const last = SLOT_STRIPS.map((reel) => reel.length - 1);
    const window = slotWindow([0, 0, 0, 0, 0]);
    expect(window[1]).toEqual(SLOT_STRIPS.map((reel) => reel[0]));
    expect(window[0]).toEqual(SLOT_STRIPS.map((reel) => reel[reel.length - 1]));
    expect(window[2]).toEqual(SLOT_STRIPS.map((reel) => reel[1]));
    expect(slotWindow(last)[2]).toEqual(SLOT_STRIPS.map((reel) => reel[0]));
  });

  it('a line pays its run from reel 1 with wilds standing in; wilds alone when they pay more; a scatter breaks the run', () => {
    expect(slotLinePay(symbols('77JJJ'))).toBeNull();
    expect(slotLinePay(symbols('777JQ'))).toEqual({ symbol: '7', count: 3, pays: 30 });
    expect(slotLinePay(symbols('7W7WJ'))).toEqual({ symbol: '7', count: 4, pays: 120 });
    expect(slotLinePay(symbols('WW7WW'))).toEqual({ symbol: '7', count: 5, pays: 500 });
    // Four wilds (200) beat five jacks (30); three wilds (50) tie four gems (50): the wilds' own win.
    expect(slotLinePay(symbols('WWWWJ'))).toEqual({ symbol: 'W', count: 4, pays: 200 });
    expect(slotLinePay(symbols('WWWGK'))).toEqual({ symbol: 'W', count: 3, pays: 50 });
    expect(slotLinePay(symbols('WWWWW'))).toEqual({ symbol: 'W', count: 5, pays: 1000 });
    expect(slotLinePay(symbols('WWSKK'))).toBeNull();
    expect(slotLinePay(symbols('KKSKK'))).toBeNull();
    expect(slotLinePay(symbols('JJJ7J'))).toEqual({ symbol: 'J', count: 3, pays: 5 });
    expect(slotLinePay(symbols('SJJJJ'))).toBeNull();
  });

  it('wins print as exact decimals of the stake', () => {
    expect([0, 5, 10, 30, 40, 45, 2000, 20000].map(slotUnitsText)).toEqual([
      '0',
      '0.25',
      '0.5',
      '1.5',
      '2',
      '2.25',
      '100',
      '1000',
    ]);
  });

  it('free spins stop at the per-bet cap even when every spin retriggers', () => {
    // Every spin on the stops holding a scatter in each reel's middle row: five scatters, 20 more free spins each time.
    const scatterStops = SLOT_STRIPS.map((reel) => reel.indexOf('S'));
    const { outcome } = slotsPlay((index) => (scatterStops[index % 5]! + 0.5) / SLOT_STRIPS[index % 5]!.length);
    expect(outcome.spins.length).toBe(1 + SLOT_MAX_FREE_SPINS);
    expect(outcome.spins.reduce((sum, spin) => sum + spin.freeSpinsWon, 0)).toBe(SLOT_MAX_FREE_SPINS);
    expect(outcome.spins.at(-1)!.freeSpinsWon).toBe(0);
    expect(outcome.spins[0]!.scatter).toEqual({ count: 5, multiplier: '50' });
    expect(outcome.spins[1]!.scatter).toEqual({ count: 5, multiplier: '100' });
  });
});
