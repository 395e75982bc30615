import { describe, expect, it } from 'vitest';
import type { BetView } from '../../game-panel/bet-types';
import { playChosenTiles, toggleChosen } from './mines-autobet';

/** A fake server edge: a board with mines at the given tiles, recording the calls made. */
function board(mines: number[]) {
  const calls: string[] = [];
  let bet = { id: 'b1', state: 'open', outcome: { revealed: [] as number[] } } as unknown as BetView;
  const answer = (next: Partial<BetView>) => {
    bet = { ...bet, ...next };
    return Promise.resolve({ bet });
  };
  return {
    calls,
    start: () => (calls.push('start'), answer({})),
    reveal: (_id: string, tile: number) => (
      calls.push(`reveal ${tile}`),
      mines.includes(tile) ? answer({ state: 'lost' }) : answer({})
    ),
    cashout: () => (calls.push('cashout'), answer({ state: 'won' })),
    onStep: () => undefined,
  };
}

describe('mines autobet round', () => {
  it('reveals the chosen tiles in order and cashes out when all are safe', async () => {
    const server = board([3]);
    expect((await playChosenTiles([5, 1], server))?.state).toBe('won');
    expect(server.calls).toEqual(['start', 'reveal 5', 'reveal 1', 'cashout']);
  });

  it('stops at the first mine without cashing out', async () => {
    const server = board([5]);
    expect((await playChosenTiles([1, 5, 7], server))?.state).toBe('lost');
    expect(server.calls).toEqual(['start', 'reveal 1', 'reveal 5']);
  });

  it('gives null when a call fails', async () => {
    const server = { ...board([]), start: () => Promise.resolve(null) };
    expect(await playChosenTiles([1], server)).toBeNull();
  });

  it('toggles tiles keeping the order they were chosen in', () => {
    expect(toggleChosen(toggleChosen([4], 2), 4)).toEqual([2]);
  });
});
