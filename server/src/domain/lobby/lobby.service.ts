import type { Db } from '../../../../db/client.js';
import { favouriteGames, recentlyPlayedGames, setFavouriteGame } from '../../../../db/repositories/lobby.repo.js';
import { DomainError } from '../errors.js';

/** How far back "recently played" looks, and how many games it lists. */
export const RECENT_DAYS = 30;
export const RECENT_GAMES = 12;

/**
 * The player's own corner of the casino lobby: favourite games (stored, so they follow the account) and recently
 * played games (read from the player's own bets: nothing extra to write per bet, and true on every device).
 */
export class LobbyService {
  constructor(private readonly deps: { db: Db; isGame: (slug: string) => boolean }) {}

  favourites(userId: number): Promise<string[]> {
    return favouriteGames(this.deps.db, userId);
  }

  /** Idempotent: starring a starred game (or unstarring one that is not) changes nothing. Returns the new list. */
  async setFavourite(userId: number, game: string, favourite: boolean): Promise<string[]> {
    if (!this.deps.isGame(game)) throw new DomainError('BAD_REQUEST', `No game "${game}"`, { code: 'UNKNOWN_GAME' });
    await setFavouriteGame(this.deps.db, userId, game, favourite);
    return this.favourites(userId);
  }

  recentlyPlayed(userId: number): Promise<string[]> {
    return recentlyPlayedGames(this.deps.db, userId, RECENT_DAYS, RECENT_GAMES);
  }
}
