import { Box, Title } from '@mantine/core';
import { GameGrid } from '../games/GameGrid';
import { gamesInOrder, useFavourites, useRecentlyPlayed } from '../games/favourites';
import type { GameSummary } from '../games/use-game-catalogue';

/** The casino home's "Favourites" and "Recently played" rows; each shows only when it has a game. */
export function PlayerGameRows({ games }: { games: GameSummary[] }) {
  const favourites = gamesInOrder(games, useFavourites().slugs);
  const recent = gamesInOrder(games, useRecentlyPlayed());
  return (
    <>
      <Row id="favourites-heading" title="Favourites" games={favourites} />
      <Row id="recent-heading" title="Recently played" games={recent} />
    </>
  );
}

function Row({ id, title, games }: { id: string; title: string; games: GameSummary[] }) {
  if (games.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={id} data-testid={id.replace('-heading', '-row')}>
      <Title order={2} size="h3" mb="sm" id={id}>
        {title}
      </Title>
      <GameGrid games={games} label={title} />
    </Box>
  );
}
