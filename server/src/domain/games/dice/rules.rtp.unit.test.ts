import { describe, expect, it } from 'vitest';
import { ratio, type Ratio } from '../shared/ratio.js';
import { diceExactRtp, diceMultiplier, diceOutcome } from './rules.js';
import { simulate } from '../../../../../tests/support/rtp-simulation.js';

const toNumber = (r: Ratio) => Number(r.num) / Number(r.den);

describe('exact return to player', () => {
  it('dice returns 9900/10001 for every target', () => {
    for (const target of [0.01, 2, 50, 50.5, 97.99])
      expect(diceExactRtp({ target, condition: 'under' })).toEqual(ratio(9900n, 10001n));
    expect(diceExactRtp({ target: 2, condition: 'over' })).toEqual(ratio(9900n, 10001n));
  });
});

// Generous per-test limits: about 2-4 s each on a quiet machine, much more on a shared, loaded one.
describe('simulated return to player: 10^6 rounds', { timeout: 120_000 }, () => {
  it('dice (under 49.50)', () => {
    const params = { target: 49.5, condition: 'under' as const };
    const win = toNumber(diceMultiplier({ roll: 0, ...params }));
    simulate(
      'dice',
      (f) => (toNumber(diceMultiplier(diceOutcome(f(1), params))) > 0 ? win : 0),
      toNumber(diceExactRtp(params)),
    );
  });
});
