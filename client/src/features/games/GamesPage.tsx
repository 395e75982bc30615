import { Stack } from '@mantine/core';
import { IconDeviceGamepad2, IconSearch } from '@tabler/icons-react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { GameGrid } from './GameGrid';
import { searchGames, useGameCatalogue, useSearchableGames } from './use-game-catalogue';

export function GamesPage({ query }: { query: string }) {
  const { games } = useGameCatalogue();
  const searchable = useSearchableGames();
  const shown = query ? searchGames(searchable, query) : games;
  return (
    <Stack gap="lg">
      <PageHeader title="Games" description={query ? `Results for “${query}”` : 'The full game catalogue.'} />
      {shown.length === 0 ? (
        query ? (
          <PlaceholderState
            icon={IconSearch}
            title={`No games match “${query}”`}
            description="Try another name or browse the categories."
          />
        ) : (
          <PlaceholderState
            icon={IconDeviceGamepad2}
            title="No games yet"
            description="The game catalogue opens soon."
          />
        )
      ) : (
        <GameGrid games={shown} label="Games" />
      )}
    </Stack>
  );
}
