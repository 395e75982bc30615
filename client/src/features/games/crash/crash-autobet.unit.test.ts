import { describe, expect, it } from 'vitest';
import { playAutoRound, type AutoRoundDeps } from './crash-autobet';

type Bet = { id: string; state: string };
const CLOSED = new Error('BETTING_CLOSED');

/** A scripted server: answers to place() and read() in order; sleeps recorded, not waited. */
function scripted(places: (Bet | Error)[], reads: Bet[]): AutoRoundDeps<Bet> & { slept: number[]; placed: number } {
  const deps = {
    slept: [] as number[],
    placed: 0,
    place: async () => {
      const next = places[deps.placed++];
      if (next instanceof Error) throw next;
      return next!;
    },
    read: async () => reads.shift()!,
    isClosed: (error: unknown) => error === CLOSED,
    sleep: async (ms: number) => void deps.slept.push(ms),
    alive: () => true,
  };
  return deps;
}

describe('one automatic crash bet', () => {
  it('waits for the round to settle the bet and answers the settled bet', async () => {
    const deps = scripted(
      [{ id: '7', state: 'open' }],
      [
        { id: '7', state: 'open' },
        { id: '7', state: 'won' },
      ],
    );
    expect(await playAutoRound(deps)).toEqual({ id: '7', state: 'won' });
    expect(deps.slept).toEqual([500, 500]);
  });

  it('a bet sent between two windows is sent again for the next one', async () => {
    const deps = scripted([CLOSED, CLOSED, { id: '8', state: 'open' }], [{ id: '8', state: 'lost' }]);
    expect(await playAutoRound(deps)).toEqual({ id: '8', state: 'lost' });
    expect(deps.placed).toBe(3);
  });

  it('any other refusal ends the autobet with its error', async () => {
    const deps = scripted([new Error('INSUFFICIENT_FUNDS')], []);
    await expect(playAutoRound(deps)).rejects.toThrow('INSUFFICIENT_FUNDS');
  });

  it('stops retrying once the autobet was stopped', async () => {
    const deps = { ...scripted([CLOSED, CLOSED], []), alive: () => false };
    expect(await playAutoRound(deps)).toBeNull();
  });
});
