import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { GameGrid } from '../games/GameGrid';
import { useGameCatalogue } from '../games/use-game-catalogue';
import { CASINO_LINKS, type CasinoCategoryPath } from '../navigation/nav-items';
import { emptyCategoryTitle } from './category-texts';
import { CategoryGrid } from './CategoryGrid';
import { ProviderGameTiles, useProviderGames, type ProviderCategory } from '../providers/ProviderGameTiles';

const PROVIDER_CATEGORIES: readonly string[] = [
  'slots',
  'live',
  'gameshows',
  'roulette',
  'blackjack',
  'bingo',
] satisfies ProviderCategory[];

/** A casino category: its games, or `children` for a category that is not a game list (Raffles shows the raffle). */
export function CasinoCategoryPage({ path, children }: { path: CasinoCategoryPath; children?: ReactNode }) {
  const category = CASINO_LINKS.find((link) => link.to === path)!;
  const slug = path.slice('/casino/'.length);
  const { games } = useGameCatalogue();
  const inCategory = games.filter((game) => game.categories.includes(slug));
  // Provider games (docs/providers.md) are listed beside the originals on the categories studios supply.
  const providerGames =
    useProviderGames(PROVIDER_CATEGORIES.includes(slug) ? (slug as ProviderCategory) : undefined).data ?? [];
  return (
    <Stack gap="xl">
      <PageHeader title={category.label} />
      {children ??
        (inCategory.length === 0 && providerGames.length === 0 ? (
          <PlaceholderState
            icon={category.icon}
            title={emptyCategoryTitle(path)}
            description="Games in this category will be listed here as soon as they are available."
          />
        ) : (
          <>
            {inCategory.length > 0 ? <GameGrid games={inCategory} label={`${category.label} games`} /> : null}
            {providerGames.length > 0 ? (
              <ProviderGameTiles games={providerGames} label={`${category.label} provider games`} />
            ) : null}
          </>
        ))}
      <CategoryGrid />
    </Stack>
  );
}
