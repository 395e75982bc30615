import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { GameGrid } from '../games/GameGrid';
import { useGameCatalogue } from '../games/use-game-catalogue';
import { CASINO_LINKS, type CasinoCategoryPath } from '../navigation/nav-items';
import { emptyCategoryTitle } from './category-texts';
import { CategoryGrid } from './CategoryGrid';

/** A casino category: its games, or `children` for a category that is not a game list (Raffles shows the raffle). */
export function CasinoCategoryPage({ path, children }: { path: CasinoCategoryPath; children?: ReactNode }) {
  const category = CASINO_LINKS.find((link) => link.to === path)!;
  const slug = path.slice('/casino/'.length);
  const { games } = useGameCatalogue();
  const inCategory = games.filter((game) => game.categories.includes(slug));
  return (
    <Stack gap="xl">
      <PageHeader title={category.label} />
      {children ?? (inCategory.length === 0 ? (
        <PlaceholderState
          icon={category.icon}
          title={emptyCategoryTitle(path)}
          description="Games in this category will be listed here as soon as they are available."
        />
      ) : (
        <GameGrid games={inCategory} label={`${category.label} games`} />
      ))}
      <CategoryGrid />
    </Stack>
  );
}
