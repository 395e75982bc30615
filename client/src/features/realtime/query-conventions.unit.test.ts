import { describe, expect, it } from 'vitest';
import { isGameResultQuery } from './query-conventions';

describe('queries a game result makes stale', () => {
  it('matches bet history, stats, bet details and an open round by tRPC path, for every input', () => {
    expect(isGameResultQuery([['bets', 'mine'], { type: 'infinite' }])).toBe(true);
    expect(isGameResultQuery([['bets', 'mine'], { input: { game: 'dice', limit: 20 }, type: 'infinite' }])).toBe(true);
    expect(isGameResultQuery([['bets', 'byId'], { input: { id: 'b1' }, type: 'query' }])).toBe(true);
    expect(isGameResultQuery([['games', 'mines', 'active'], { type: 'query' }])).toBe(true);
  });

  it('leaves everything else alone', () => {
    expect(isGameResultQuery([['games', 'list']])).toBe(false);
    expect(isGameResultQuery([['token', 'latest']])).toBe(false);
    expect(isGameResultQuery([['bets']])).toBe(false);
    expect(isGameResultQuery(['bets', 'mine'])).toBe(false);
  });
});
