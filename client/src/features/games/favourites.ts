/**
 * The player's favourite games. A signed-in player's follow the account (lobby.favourites, stored on the server);
 * a guest's are kept in this browser. Recently played comes from the player's own bets (lobby.recentlyPlayed):
 * nothing to write per bet, the same on every device, and a guest has no bets to list.
 */
import { useEffect } from 'react';
import { createStore, useStore } from '../../lib/external-store';
import { trpc } from '../../trpc';
import { useIsSignedIn } from '../auth/use-is-signed-in';
import type { GameSummary } from './use-game-catalogue';

function decodeSlugs(text: string): string[] | undefined {
  try {
    const stored = JSON.parse(text) as unknown;
    return Array.isArray(stored) ? stored.filter((slug): slug is string => typeof slug === 'string') : undefined;
  } catch {
    return undefined;
  }
}

/** A guest's stars, in this browser. */
const guest = createStore<string[]>([], {
  key: 'bzu.favourites',
  decode: decodeSlugs,
  encode: (slugs) => JSON.stringify(slugs),
});

/** The list after starring (newest first) or unstarring a game. */
export function toggledList(list: readonly string[], slug: string, favourite: boolean): string[] {
  const rest = list.filter((entry) => entry !== slug);
  return favourite ? [slug, ...rest] : rest;
}

export interface Favourites {
  slugs: string[];
  isFavourite: (slug: string) => boolean;
  setFavourite: (slug: string, favourite: boolean) => void;
}

export function useFavourites(): Favourites {
  const isSignedIn = useIsSignedIn();
  const utils = trpc.useUtils();
  const stored = trpc.lobby.favourites.useQuery(undefined, { enabled: isSignedIn });
  const mutation = trpc.lobby.setFavourite.useMutation({
    // The star turns at once; a read already on the wire (from before the change) must not undo it, and the
    // server's list replaces the guess once the change is stored.
    onMutate: async ({ game, favourite }) => {
      await utils.lobby.favourites.cancel();
      utils.lobby.favourites.setData(undefined, (list) => toggledList(list ?? [], game, favourite));
    },
    onSettled: () => void utils.lobby.favourites.invalidate(),
  });
  const guestSlugs = useStore(guest);
  const { mutate } = mutation;
  // A guest who signs in keeps their stars: they move to the account (oldest first, so the newest stays first).
  useEffect(() => {
    if (!isSignedIn || guest.get().length === 0) return;
    const moving = [...guest.get()].reverse();
    guest.set([]);
    for (const game of moving) mutate({ game, favourite: true });
  }, [isSignedIn, mutate]);
  const slugs = isSignedIn ? (stored.data ?? []) : guestSlugs;
  return {
    slugs,
    isFavourite: (slug) => slugs.includes(slug),
    setFavourite: (slug, favourite) => {
      if (isSignedIn) mutation.mutate({ game: slug, favourite });
      else guest.set((slugs) => toggledList(slugs, slug, favourite));
    },
  };
}

/** The games the signed-in player played lately, most recent first (empty for a guest). */
export function useRecentlyPlayed(): string[] {
  const isSignedIn = useIsSignedIn();
  const query = trpc.lobby.recentlyPlayed.useQuery(undefined, { enabled: isSignedIn, staleTime: 0 });
  return isSignedIn ? (query.data ?? []) : [];
}

/** The catalogue's games for these slugs, in the slugs' order (a slug no longer in the catalogue is left out). */
export function gamesInOrder(games: readonly GameSummary[], slugs: readonly string[]): GameSummary[] {
  return slugs.flatMap((slug) => games.find((game) => game.slug === slug) ?? []);
}
