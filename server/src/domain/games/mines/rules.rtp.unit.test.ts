import { describe, expect, it } from 'vitest';
import { ratio, type Ratio } from '../shared/ratio.js';
import { minePositions, minesExactRtp, minesMultiplier } from './rules.js';
import { simulate } from '../../../../../tests/support/rtp-simulation.js';

const toNumber = (r: Ratio) => Number(r.num) / Number(r.den);
const NINETY_NINE = ratio(99n, 100n);

describe('exact return to player', () => {
  it('mines returns 99% for every cash-out point', () => {
    for (let m = 1; m <= 24; m += 1)
      for (let r = 1; r <= 25 - m; r += 1) expect(minesExactRtp(m, r)).toEqual(NINETY_NINE);
  });
});

// Generous per-test limits: about 2-4 s each on a quiet machine, much more on a shared, loaded one.
describe('simulated return to player: 10^6 rounds', { timeout: 120_000 }, () => {
  it('mines (1 to 24 mines, cashing out after 1 to 5 safe reveals)', () => {
    // Cash-outs deep into a many-mine board pay millions with odds of one in millions: a 10^6 sample cannot
    // estimate their variance, so the simulated strategy stops after at most 5 reveals (every point returns 99%).
    const payTable = Array.from({ length: 25 }, (_, m) =>
      Array.from({ length: 6 }, (_, r) => (m > 0 && r > 0 && r <= 25 - m ? toNumber(minesMultiplier(m, r)) : 0)),
    );
    simulate(
      'mines',
      (f, i) => {
        const mines = (i % 24) + 1;
        const reveals = (Math.floor(i / 24) % Math.min(5, 25 - mines)) + 1;
        const positions = minePositions(f(mines), mines);
        // the player reveals tiles 0, 1, ... in order; any fixed order is as good against random mines
        for (let tile = 0; tile < reveals; tile += 1) if (positions.includes(tile)) return 0;
        return payTable[mines]![reveals]!;
      },
      0.99,
    );
  });
});
