import { describe, expect, it } from 'vitest';
import { GAME_VERIFIERS, gameVerifier } from '../fairness/game-verifiers';
import { CLIENT_GAME_SLUGS, GAME_REGISTRY } from './registry';
import { GAMES } from '../../../../server/src/domain/games/registry';

// The two registries are the only lists of games: a game the server plays but the client cannot show (no page,
// no tile icon, blank bet lines) or a client page for a game the server refuses must fail here, not in production.
describe('game registries', () => {
  it('the client registers exactly the server games, in catalogue order', () => {
    expect(CLIENT_GAME_SLUGS).toEqual(GAMES.map((game) => game.slug));
  });

  it('each client entry carries the server name, an icon, a lazy page and an outcome line', () => {
    for (const game of GAMES) {
      const entry = GAME_REGISTRY[game.slug];
      expect(entry.name, game.slug).toBe(game.name);
      expect(entry.icon, game.slug).toBeTruthy();
      expect(typeof entry.page.preload, game.slug).toBe('function');
      expect(entry.summary({}, 'won'), game.slug).not.toBe('');
    }
  });

  it('each game has a verifier whose fresh form is a valid bet', () => {
    expect(Object.keys(GAME_VERIFIERS)).toEqual(CLIENT_GAME_SLUGS);
    for (const slug of CLIENT_GAME_SLUGS) {
      const verifier = gameVerifier(slug);
      const params = verifier.fromSearch({ game: slug, ...verifier.defaults });
      expect(typeof params, slug).toBe('object');
      expect(verifier.paramsError(params as Exclude<typeof params, string>), slug).toBeNull();
    }
  });
});
