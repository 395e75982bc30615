import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.js';
import type { RoundFloats } from '../game-module.js';
import { ratio } from '../shared/ratio.js';
import { towerMultiplier, towerStart, type TowerState } from './rules.js';
import { TOWER_GAME, towerPickSchema, towerStartSchema } from './tower.game.js';

/** Every float 0: each level's traps are the leftmost tiles (easy: tile 0; master: tiles 0, 1, 2). */
const zeros: RoundFloats = { first: (count) => Array.from({ length: count }, () => 0), at: () => 0 };
const params = (difficulty: TowerState['difficulty']) => ({ difficulty });
const round = (state: TowerState) => ({ state, params: params(state.difficulty), floats: zeros });
const pick = (state: TowerState, tile: number, level?: number) =>
  TOWER_GAME.actions.pick.apply(round(state), { betId: '1', tile, level });

describe('the tower module', () => {
  it('parses the start and the pick: a difficulty of five, tiles 0-3, levels 0-8', () => {
    expect(towerStartSchema.safeParse({ amount: '1', difficulty: 'expert' }).success).toBe(true);
    expect(towerStartSchema.safeParse({ amount: '1', difficulty: 'legend' }).success).toBe(false);
    expect(towerStartSchema.safeParse({ amount: '1' }).success).toBe(false);
    expect(towerPickSchema.safeParse({ betId: '3000000000', tile: 3, level: 8 }).success).toBe(true);
    expect(towerPickSchema.safeParse({ betId: '1', tile: 4 }).success).toBe(false);
    expect(towerPickSchema.safeParse({ betId: '1', tile: 1, level: 9 }).success).toBe(false);
  });

  it('starts open at multiplier 0 (nothing to cash out), with the next level at 0.99 x tiles / safe', () => {
    const started = TOWER_GAME.start({ params: params('easy'), floats: zeros });
    expect(started).toEqual({ state: towerStart('easy'), status: 'open', multiplier: ratio(0n) });
    expect(TOWER_GAME.cashout(round(started.state))).toEqual({
      refused: 'Climb at least one level before cashing out',
    });
    expect(TOWER_GAME.nextMultiplier(started.state)).toEqual(ratio(33n, 25n));
  });

  it('climbs on a safe tile, hides the traps while open, cashes out showing every level', () => {
    const climbed = pick(towerStart('easy'), 2, 0);
    expect(climbed).toEqual({
      state: { difficulty: 'easy', picks: [2] },
      status: 'open',
      multiplier: towerMultiplier('easy', 1),
    });
    expect(TOWER_GAME.visible(climbed.state)).not.toHaveProperty('traps');
    const cashed = TOWER_GAME.cashout(round(climbed.state));
    expect(cashed).toMatchObject({ status: 'won', multiplier: ratio(33n, 25n) });
    expect('state' in cashed && cashed.state.traps).toEqual(Array.from({ length: 9 }, () => [0]));
  });

  it('a trap loses; the ninth level wins at once', () => {
    expect(pick(towerStart('master'), 1)).toMatchObject({ status: 'lost', state: { trapHit: 1, picks: [1] } });
    const eight = { difficulty: 'master' as const, picks: Array.from({ length: 8 }, () => 3) };
    expect(pick(eight, 3, 8)).toMatchObject({ status: 'won', multiplier: towerMultiplier('master', 9) });
  });

  it('refuses a pick for another level (409 WRONG_LEVEL) and a tile off the level (400)', () => {
    const at = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof DomainError ? [error.kind, error.code, error.message] : error;
      }
      return null;
    };
    expect(at(() => pick({ difficulty: 'easy', picks: [1] }, 1, 0))).toEqual([
      'CONFLICT',
      'WRONG_LEVEL',
      'This pick is for level 1, the round is on level 2',
    ]);
    expect(at(() => pick(towerStart('hard'), 2))).toEqual([
      'BAD_REQUEST',
      'BAD_REQUEST',
      'tile must be 0 to 1 on hard',
    ]);
  });
});
