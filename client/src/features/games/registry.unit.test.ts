import { describe, expect, it } from 'vitest';
import { GAME_VERIFIERS, gameVerifier } from '../fairness/game-verifiers';
import { CLIENT_GAME_SLUGS, GAME_REGISTRY, isSeededGameSlug } from './registry';
import { GAMES, ROUND_GAMES } from '../../../../server/src/domain/games/registry';

/** The server's catalogue order: per-call games, then round games. */
const SERVER_GAMES = [...GAMES, ...ROUND_GAMES];

// The two registries are the only lists of games: a game the server plays but the client cannot show (no page,
// no tile icon, blank bet lines) or a client page for a game the server refuses must fail here, not in production.
describe('game registries', () => {
  it('the client registers exactly the server games, in catalogue order', () => {
    expect(CLIENT_GAME_SLUGS).toEqual(SERVER_GAMES.map((game) => game.slug));
  });

  it('each client entry carries the server name, an icon, a lazy page and an outcome line', () => {
    for (const game of SERVER_GAMES) {
      const entry = GAME_REGISTRY[game.slug];
      expect(entry.name, game.slug).toBe(game.name);
      expect(entry.icon, game.slug).toBeTruthy();
      expect(typeof entry.page.preload, game.slug).toBe('function');
      expect(entry.summary({}, 'won'), game.slug).not.toBe('');
    }
  });

  it('each seed-pair game has a verifier whose fresh form is a valid bet (round games verify on their own page)', () => {
    const seeded = CLIENT_GAME_SLUGS.filter(isSeededGameSlug);
    expect(seeded).toEqual(GAMES.map((game) => game.slug));
    expect(Object.keys(GAME_VERIFIERS)).toEqual(seeded);
    for (const slug of seeded) {
      const verifier = gameVerifier(slug);
      const params = verifier.fromSearch({ game: slug, ...verifier.defaults });
      expect(typeof params, slug).toBe('object');
      expect(verifier.paramsError(params as Exclude<typeof params, string>), slug).toBeNull();
    }
  });
});
