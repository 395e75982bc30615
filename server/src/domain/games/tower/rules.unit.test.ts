import { describe, expect, it } from 'vitest';
import { simulate } from '../../../../../tests/support/rtp-simulation.js';
import { addRatio, mulRatio, ratio, type Ratio } from '../shared/ratio.js';
import {
  TOWER_DIFFICULTIES,
  TOWER_LAYOUT,
  TOWER_LEVELS,
  towerExactRtp,
  towerFloatCount,
  towerMaxMultiplier,
  towerMultiplier,
  towerNextMultiplier,
  towerParamsError,
  towerPick,
  towerPickError,
  towerReplay,
  towerStart,
  towerSurvival,
  towerTraps,
  type TowerDifficulty,
} from './rules.js';

const NINETY_NINE = ratio(99n, 100n);
const toNumber = (r: Ratio) => Number(r.num) / Number(r.den);

describe('tower traps', () => {
  it('reads one float per trap, level 0 first: 9, 9, 9, 18 and 27 floats', () => {
    expect(TOWER_DIFFICULTIES.map(towerFloatCount)).toEqual([9, 9, 9, 18, 27]);
  });

  it('draws each level without replacement from its own pool: idx = floor(f * (tiles - k))', () => {
    // Expert (3 tiles, 2 traps): level 0 reads f0 = 0.99 (idx 2 of [0,1,2] -> 2) then f1 = 0 (idx 0 of [0,1] -> 0).
    const floats = [0.99, 0, ...Array.from({ length: 16 }, (_, i) => (i % 2 ? 0.5 : 0.4))];
    const traps = towerTraps(floats, 'expert');
    expect(traps[0]).toEqual([2, 0]);
    // 0.4 x 3 -> idx 1 (tile 1), then 0.5 x 2 -> idx 1 of [0, 2] -> tile 2.
    expect(traps.slice(1)).toEqual(Array.from({ length: 8 }, () => [1, 2]));
  });

  it('every level has `traps` distinct tiles within the level', () => {
    const f = [0.3, 0.7, 0.999999, 0.1, 0, 0.5, 0.25, 0.75, 0.6];
    for (const difficulty of TOWER_DIFFICULTIES) {
      const { tiles, traps } = TOWER_LAYOUT[difficulty];
      const floats = Array.from({ length: towerFloatCount(difficulty) }, (_, i) => f[i % f.length]!);
      for (const level of towerTraps(floats, difficulty)) {
        expect(level).toHaveLength(traps);
        expect(new Set(level).size).toBe(traps);
        expect(level.every((t) => t >= 0 && t < tiles)).toBe(true);
      }
    }
  });

  it('refuses too few floats rather than reading undefined', () => {
    expect(() => towerTraps([0.5], 'easy')).toThrow(RangeError);
  });
});

describe('tower steps', () => {
  const traps = Array.from({ length: TOWER_LEVELS }, () => [0]);

  it('a safe pick climbs one level; a trap ends the round and shows every level', () => {
    const climbed = towerPick(towerStart('easy'), 2, traps);
    expect(climbed).toEqual({ state: { difficulty: 'easy', picks: [2] }, end: 'open' });
    const lost = towerPick(climbed.state, 0, traps);
    expect(lost.end).toBe('lost');
    expect(lost.state).toEqual({ difficulty: 'easy', picks: [2, 0], trapHit: 0, traps });
  });

  it('the ninth safe pick reaches the top', () => {
    let state = towerStart('hard');
    for (let level = 0; level < TOWER_LEVELS - 1; level += 1) state = towerPick(state, 1, traps).state;
    const top = towerPick(state, 1, traps);
    expect(top.end).toBe('top');
    expect(top.state.traps).toEqual(traps);
    expect(towerPickError(top.state, 1)).toMatch(/over/);
    expect(towerNextMultiplier(top.state)).toBeNull();
  });

  it('takes only the tiles of the difficulty', () => {
    expect(towerPickError(towerStart('easy'), 3)).toBeNull();
    expect(towerPickError(towerStart('medium'), 3)).toBe('tile must be 0 to 2 on medium');
    expect(towerPickError(towerStart('hard'), 2)).toBe('tile must be 0 to 1 on hard');
    expect(towerPickError(towerStart('hard'), -1)).not.toBeNull();
    expect(towerPickError(towerStart('hard'), 0.5)).not.toBeNull();
    expect(towerPickError({ ...towerStart('hard'), picks: [0], trapHit: 0 }, 1)).toMatch(/over/);
  });

  it('checks the difficulty', () => {
    expect(towerParamsError({ difficulty: 'master' })).toBeNull();
    expect(towerParamsError({ difficulty: 'insane' as TowerDifficulty })).toMatch(/easy, medium, hard, expert, master/);
  });

  it('replays a cash-out, refuses a cash-out before the first level and stops at the first bad play', () => {
    const floats = Array.from({ length: 27 }, () => 0);
    // Every level's first trap is tile 0 (f = 0): master's traps are 0, 1, 2, leaving tile 3.
    expect(towerReplay(floats, 'master', [3, 3, 'cashout'])).toMatchObject({
      end: 'cashout',
      multiplier: towerMultiplier('master', 2),
    });
    expect(towerReplay(floats, 'master', ['cashout']).error).toMatch(/before cashing out/);
    expect(towerReplay(floats, 'medium', [5]).error).toMatch(/0 to 2/);
    expect(towerReplay(floats, 'master', [3, 1])).toMatchObject({ end: 'lost', multiplier: ratio(0n) });
  });
});

describe('tower exact return to player (rational arithmetic)', () => {
  it('publishes the multipliers: easy 1.32x after one level, master 259,522.56x at the top', () => {
    expect(towerMultiplier('easy', 1)).toEqual(ratio(33n, 25n));
    expect(towerMultiplier('hard', 9)).toEqual(ratio(50688n, 100n));
    expect(towerMaxMultiplier('expert')).toEqual(ratio(99n * 3n ** 9n, 100n));
    expect(towerMaxMultiplier('master')).toEqual(ratio(25952256n, 100n));
  });

  it.each(TOWER_DIFFICULTIES)('%s: climbing n levels then cashing out returns exactly 99/100, n = 1..9', (d) => {
    for (let n = 1; n <= TOWER_LEVELS; n += 1) expect(towerExactRtp(d, n)).toEqual(NINETY_NINE);
  });

  it.each(TOWER_DIFFICULTIES)('%s: the survival chance is the product of the levels, summed over every board', (d) => {
    // Brute force over one level's equally likely trap sets: a fixed pick survives (tiles - traps) / tiles of them.
    const { tiles, traps } = TOWER_LAYOUT[d];
    const sets: number[][] = [];
    const choose = (from: number, chosen: number[]) => {
      if (chosen.length === traps) return void sets.push(chosen);
      for (let t = from; t < tiles; t += 1) choose(t + 1, [...chosen, t]);
    };
    choose(0, []);
    const level = ratio(BigInt(sets.filter((set) => !set.includes(0)).length), BigInt(sets.length));
    let all = ratio(1n);
    for (let n = 1; n <= TOWER_LEVELS; n += 1) {
      all = mulRatio(all, level);
      expect(towerSurvival(d, n)).toEqual(all);
    }
  });

  it('a strategy mixing cash-out points still returns 99/100: half the rounds stop at 2, half at 9 (easy)', () => {
    const half = ratio(1n, 2n);
    const rtp = addRatio(mulRatio(half, towerExactRtp('easy', 2)), mulRatio(half, towerExactRtp('easy', 9)));
    expect(rtp).toEqual(NINETY_NINE);
  });
});

describe('tower simulated return to player: 10^6 rounds each', { timeout: 180_000 }, () => {
  /** Pick a random tile on each of `levels` levels (the traps drawn from the floats as the server does), then cash out. */
  function round(difficulty: TowerDifficulty, levels: number) {
    const { tiles } = TOWER_LAYOUT[difficulty];
    return (f: (count: number) => number[]) => {
      const traps = towerTraps(f(towerFloatCount(difficulty)), difficulty);
      const choices = f(levels);
      let state = towerStart(difficulty);
      for (let level = 0; level < levels; level += 1) {
        const step = towerPick(state, Math.floor(choices[level]! * tiles), traps);
        if (step.end === 'lost') return 0;
        state = step.state;
      }
      return toNumber(towerMultiplier(difficulty, state.picks.length));
    };
  }

  it('easy, climb 3 levels: 99%', () => simulate('tower easy 3', round('easy', 3), 0.99));
  it('medium, climb 5 levels: 99%', () => simulate('tower medium 5', round('medium', 5), 0.99));
  it('hard, climb 2 levels: 99%', () => simulate('tower hard 2', round('hard', 2), 0.99));
  it('expert, climb 1 level: 99%', () => simulate('tower expert 1', round('expert', 1), 0.99));
  it('master, climb 1 level: 99%', () => simulate('tower master 1', round('master', 1), 0.99));
});
