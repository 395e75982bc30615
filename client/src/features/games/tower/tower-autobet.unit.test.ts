import { describe, expect, it } from 'vitest';
import type { BetView } from '../../game-panel/bet-types';
import { autoPlan, playTowerRound } from './tower-autobet';

/** A fake server edge: a tower with a trap at `trapAt[level]`, recording the calls made; the top level cashes out. */
function tower(trapAt: number[], top = 9) {
  const calls: string[] = [];
  let bet = { id: 'b1', state: 'open', outcome: { picks: [] as number[] } } as unknown as BetView;
  const answer = (next: Partial<BetView>) => {
    bet = { ...bet, ...next };
    return Promise.resolve({ bet });
  };
  return {
    calls,
    start: () => (calls.push('start'), answer({})),
    pick: (_id: string, tile: number, level: number) => {
      calls.push(`pick ${tile} on ${level}`);
      if (trapAt[level] === tile) return answer({ state: 'lost' });
      return answer(level + 1 === top ? { state: 'won' } : {});
    },
    cashout: () => (calls.push('cashout'), answer({ state: 'won' })),
    onStep: () => undefined,
  };
}

describe('tower autobet round', () => {
  it('climbs the planned levels with their level numbers and cashes out', async () => {
    const server = tower([3, 3, 3]);
    expect((await playTowerRound([0, 1, 2], server))?.state).toBe('won');
    expect(server.calls).toEqual(['start', 'pick 0 on 0', 'pick 1 on 1', 'pick 2 on 2', 'cashout']);
  });

  it('stops at a trap without cashing out', async () => {
    const server = tower([3, 1]);
    expect((await playTowerRound([0, 1, 2], server))?.state).toBe('lost');
    expect(server.calls).toEqual(['start', 'pick 0 on 0', 'pick 1 on 1']);
  });

  it('does not cash out a round the top level (or the profit limit) already ended', async () => {
    const server = tower([], 2);
    expect((await playTowerRound([0, 0], server))?.state).toBe('won');
    expect(server.calls).toEqual(['start', 'pick 0 on 0', 'pick 0 on 1']);
  });

  it('gives null when a call fails', async () => {
    expect(await playTowerRound([1], { ...tower([]), start: () => Promise.resolve(null) })).toBeNull();
    expect(await playTowerRound([1], { ...tower([]), pick: () => Promise.resolve(null) })).toBeNull();
  });

  it('plans the preset picks and fills the levels without one at random, within the width', () => {
    expect(autoPlan([2, null, 0], 3, 4, () => 0.99)).toEqual([2, 3, 0]);
    expect(autoPlan([2, null, 0, 1], 2, 4, () => 0)).toEqual([2, 0]);
    expect(autoPlan([], 9, 2, () => 0.5)).toEqual(Array.from({ length: 9 }, () => 1));
  });
});
