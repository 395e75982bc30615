import { describe, expect, it } from 'vitest';
import { isGameResultQuery } from './query-conventions';

describe('queries a game result makes stale', () => {
  it('matches bet history, stats and game detail procedures by tRPC path', () => {
    expect(isGameResultQuery([['games', 'history'], { type: 'query' }])).toBe(true);
    expect(isGameResultQuery([['games', 'stats'], { input: { range: '7d' }, type: 'query' }])).toBe(true);
    expect(isGameResultQuery([['games', 'detailById'], { input: { id: 'g1' } }])).toBe(true);
    expect(isGameResultQuery([['account', 'stats']])).toBe(true);
  });

  it('leaves everything else alone', () => {
    expect(isGameResultQuery([['games', 'catalogue']])).toBe(false);
    expect(isGameResultQuery([['token', 'latest']])).toBe(false);
    expect(isGameResultQuery([['games']])).toBe(false);
    expect(isGameResultQuery(['games', 'history'])).toBe(false);
  });
});
