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

export function gamePath(game: Pick<GameSummary, 'slug'>): string {
  return `/casino/games/${game.slug}`;
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
