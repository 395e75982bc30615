import { describe, expect, it } from 'vitest';
import { compareRatio, ratio, type Ratio } from '../shared/ratio.js';
import { KENO_RISKS, kenoExactRtp, kenoMultiplier, kenoOutcome } from './rules.js';
import { simulate } from '../../../../../tests/support/rtp-simulation.js';

const toNumber = (r: Ratio) => Number(r.num) / Number(r.den);
const NINETY_NINE = ratio(99n, 100n);
const LOWEST = ratio(9890n, 10000n);

describe('exact return to player', () => {
  it.each(KENO_RISKS.flatMap((risk) => Array.from({ length: 10 }, (_, i) => ({ risk, picks: i + 1 }))))(
    'keno $risk with $picks picks is within [98.90%, 99.00%]',
    ({ risk, picks }) => {
      const rtp = kenoExactRtp(risk, picks);
      expect(compareRatio(rtp, NINETY_NINE)).toBeLessThanOrEqual(0);
      expect(compareRatio(rtp, LOWEST)).toBeGreaterThanOrEqual(0);
    },
  );
});

// Generous per-test limits: about 2-4 s each on a quiet machine, much more on a shared, loaded one.
describe('simulated return to player: 10^6 rounds', { timeout: 120_000 }, () => {
  it('keno (every table in turn)', () => {
    const tables = KENO_RISKS.flatMap((risk) =>
      Array.from({ length: 10 }, (_, i) => ({ risk, picks: Array.from({ length: i + 1 }, (_, k) => k * 4 + 1) })),
    );
    const expected = tables.reduce((s, t) => s + toNumber(kenoExactRtp(t.risk, t.picks.length)), 0) / tables.length;
    // Multipliers as numbers once, per (table, hits): the loop then only draws and counts.
    const multipliers = tables.map((t) =>
      Array.from({ length: t.picks.length + 1 }, (_, hits) => toNumber(kenoMultiplier({ ...t, drawn: [], hits }))),
    );
    simulate(
      'keno',
      (f, i) => multipliers[i % tables.length]![kenoOutcome(f(10), tables[i % tables.length]!).hits]!,
      expected,
    );
  });
});
