import { describe, expect, it } from 'vitest';
import { verifyParamsFromSearch, verifySearchFromBet } from './verify-link';
import { parseVerifySearch } from './verify-search';

const fairness = { serverSeedHash: 'h', clientSeed: 'c', nonce: 7, serverSeed: 's' };

describe('verify link', () => {
  it('round-trips each game through the URL parameters', () => {
    const cases = [
      { game: 'dice', outcome: { roll: 1, target: 50.5, condition: 'over' }, expected: { game: 'dice', target: 50.5, condition: 'over' } },
      { game: 'limbo', outcome: { result: 3, target: 2 }, expected: { game: 'limbo', target: 2 } },
      { game: 'plinko', outcome: { rows: 12, risk: 'high', path: [], bucket: 0 }, expected: { game: 'plinko', rows: 12, risk: 'high' } },
      { game: 'keno', outcome: { risk: 'low', picks: [3, 9, 40], drawn: [], hits: 0 }, expected: { game: 'keno', risk: 'low', picks: [3, 9, 40] } },
      { game: 'mines', outcome: { mines: 5, revealed: [] }, expected: { game: 'mines', mines: 5 } },
    ];
    for (const c of cases) {
      const search = verifySearchFromBet({ game: c.game, outcome: c.outcome, fairness });
      expect(search).toMatchObject({ serverSeed: 's', clientSeed: 'c', nonce: '7', serverSeedHash: 'h' });
      // Through the router's validateSearch (strings and numbers are both accepted).
      expect(verifyParamsFromSearch(parseVerifySearch({ ...search }))).toEqual(c.expected);
    }
  });

  it('leaves the server seed out until it is revealed and drops unknown keys', () => {
    const search = verifySearchFromBet({ game: 'limbo', outcome: { target: 2 }, fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 } });
    expect(search.serverSeed).toBeUndefined();
    expect(parseVerifySearch({ game: 'poker', evil: 'x', nonce: 3 })).toEqual({ nonce: '3' });
    expect(verifyParamsFromSearch({})).toBe('Choose a game');
  });
});
