import { describe, expect, it } from 'vitest';
import { isGameResultQuery } from './query-conventions';

describe('queries a game result makes stale', () => {
  it('matches bet history, stats, bet details and an open round by tRPC path, for every input', () => {
    expect(isGameResultQuery([['bets', 'mine'], { type: 'infinite' }])).toBe(true);
    expect(isGameResultQuery([['bets', 'mine'], { input: { game: 'dice', limit: 20 }, type: 'infinite' }])).toBe(true);
    expect(isGameResultQuery([['bets', 'byId'], { input: { id: 'b1' }, type: 'query' }])).toBe(true);
    expect(isGameResultQuery([['games', 'mines', 'active'], { type: 'query' }])).toBe(true);
    // The active bonus's balance and progress move with bets.
    expect(isGameResultQuery([['promotions', 'overview'], { type: 'query' }])).toBe(true);
  });

  it("refreshes every multi-step game's open round (games.<slug>.active), a game added later included", () => {
    for (const slug of ['mines', 'tower', 'video-poker', 'hilo', 'blackjack', 'a-game-added-later']) {
      expect(isGameResultQuery([['games', slug, 'active'], { type: 'query' }]), slug).toBe(true);
    }
  });

  it('leaves everything else alone', () => {
    // Only the open round: other procedures of a game, and paths too short for the pattern, are not matched.
    expect(isGameResultQuery([['games', 'tower', 'config'], { type: 'query' }])).toBe(false);
    expect(isGameResultQuery([['games', 'tower']])).toBe(false);
    expect(isGameResultQuery([['casino', 'tower', 'active']])).toBe(false);
    expect(isGameResultQuery([['games', 'list']])).toBe(false);
    expect(isGameResultQuery([['token', 'latest']])).toBe(false);
    expect(isGameResultQuery([['bets']])).toBe(false);
    expect(isGameResultQuery(['bets', 'mine'])).toBe(false);
  });
});
