import { trpc } from '../../trpc';

export interface GameSummary {
  id: string;
  /** Where the game is played: /casino/games/<slug> (gamePath). */
  slug: string;
  name: string;
  /** The game's own casino category slug, e.g. "originals". */
  category: string;
  /** Every category page that lists the game, its own first. */
  categories: string[];
  provider?: string;
  description?: string;
  rtp?: string;
  /** A studio's game: played at `path` (/casino/play/<provider>/<game>), keyed "provider/game", not starrable. */
  providerGame?: { path: string };
}

export interface GameCatalogue {
  games: GameSummary[];
  status: 'loading' | 'unavailable' | 'ready';
}

/** The game catalogue from games.list (public; cached like every query). */
export function useGameCatalogue(): GameCatalogue {
  const query = trpc.games.list.useQuery();
  if (query.isPending) return { games: [], status: 'loading' };
  if (!query.data) return { games: [], status: 'unavailable' };
  return {
    games: query.data.map((game) => ({
      id: game.id,
      slug: game.slug,
      name: game.name,
      category: game.category,
      categories: game.categories,
      provider: 'BZU Originals',
      description: game.description,
      rtp: game.rtp,
    })),
    status: 'ready',
  };
}

export function gamePath(game: Pick<GameSummary, 'slug' | 'providerGame'>): string {
  return game.providerGame?.path ?? `/casino/games/${game.slug}`;
}

/**
 * The enabled games of enabled studios (public, every category) as catalogue entries: the key "provider/game" is what
 * lobby.recentlyPlayed names them by.
 */
export function useProviderGameSummaries(): GameSummary[] {
  const query = trpc.providers.catalogue.useQuery({});
  return (query.data ?? []).map((game) => {
    const key = `${game.providerId}/${game.gameId}`;
    return {
      id: key,
      slug: key,
      name: game.name,
      category: game.category,
      categories: [game.category],
      provider: game.providerName,
      rtp: game.rtp,
      providerGame: { path: `/casino/play/${encodeURIComponent(game.providerId)}/${encodeURIComponent(game.gameId)}` },
    };
  });
}

/** What the search looks through: the originals, then the studios' games. */
export function useSearchableGames(): GameSummary[] {
  const { games } = useGameCatalogue();
  const providerGames = useProviderGameSummaries();
  return providerGames.length === 0 ? games : [...games, ...providerGames];
}

export function searchGames(games: GameSummary[], query: string): GameSummary[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return games.filter(
    (game) =>
      game.name.toLowerCase().includes(needle) ||
      game.provider?.toLowerCase().includes(needle) ||
      game.category.toLowerCase().includes(needle),
  );
}
