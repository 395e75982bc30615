import { Box, Title } from '@mantine/core';
import { GameGrid } from '../games/GameGrid';
import { gamesInOrder, useFavourites, useRecentlyPlayed } from '../games/favourites';
import { useProviderGameSummaries, type GameSummary } from '../games/use-game-catalogue';

/** The casino home's "Favourites" and "Recently played" rows; each shows only when it has a game. */
export function PlayerGameRows({ games }: { games: GameSummary[] }) {
  const favourites = gamesInOrder(games, useFavourites().slugs);
  // Recently played names a studio's game "provider/game"; those tiles come from the studios' catalogue.
  const providerGames = useProviderGameSummaries();
  const recent = gamesInOrder([...games, ...providerGames], useRecentlyPlayed());
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
