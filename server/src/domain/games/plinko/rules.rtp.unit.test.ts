import { describe, expect, it } from 'vitest';
import { compareRatio, ratio, type Ratio } from '../shared/ratio.js';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  plinkoExactRtp,
  plinkoMultiplier,
  plinkoOutcome,
} from './rules.js';
import { simulate } from '../../../../../tests/support/rtp-simulation.js';

const toNumber = (r: Ratio) => Number(r.num) / Number(r.den);
const NINETY_NINE = ratio(99n, 100n);
const LOWEST = ratio(9890n, 10000n);

describe('exact return to player', () => {
  it.each(
    PLINKO_RISKS.flatMap((risk) =>
      Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => ({ risk, rows: i + PLINKO_MIN_ROWS })),
    ),
  )('plinko $risk $rows rows is within [98.90%, 99.00%]', (params) => {
    const rtp = plinkoExactRtp(params);
    expect(compareRatio(rtp, NINETY_NINE)).toBeLessThanOrEqual(0);
    expect(compareRatio(rtp, LOWEST)).toBeGreaterThanOrEqual(0);
  });
});

// Generous per-test limits: about 2-4 s each on a quiet machine, much more on a shared, loaded one.
describe('simulated return to player: 10^6 rounds', { timeout: 120_000 }, () => {
  it('plinko (every table in turn)', () => {
    const tables = PLINKO_RISKS.flatMap((risk) => Array.from({ length: 9 }, (_, i) => ({ risk, rows: i + 8 })));
    const multipliers = tables.map((t) =>
      Array.from({ length: t.rows + 1 }, (_, b) => toNumber(plinkoMultiplier({ ...t, path: [], bucket: b }))),
    );
    const expected = tables.reduce((s, t) => s + toNumber(plinkoExactRtp(t)), 0) / tables.length;
    simulate(
      'plinko',
      (f, i) => {
        const t = tables[i % tables.length]!;
        return multipliers[i % tables.length]![plinkoOutcome(f(t.rows), t).bucket]!;
      },
      expected,
    );
  });
});
