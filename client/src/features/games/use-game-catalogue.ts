export interface GameSummary {
  id: string;
  name: string;
  /** Casino category slug, e.g. "slots". */
  category: string;
  provider?: string;
}

export interface GameCatalogue {
  games: GameSummary[];
  status: 'loading' | 'unavailable' | 'ready';
}

/**
 * The game catalogue. No games procedure exists on the server yet, so the catalogue is empty
 * and says so; the games capability replaces this body with its query.
 */
export function useGameCatalogue(): GameCatalogue {
  return { games: [], status: 'unavailable' };
}

export function searchGames(games: GameSummary[], query: string): GameSummary[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return games.filter(
    (game) => game.name.toLowerCase().includes(needle) || game.provider?.toLowerCase().includes(needle),
  );
}
