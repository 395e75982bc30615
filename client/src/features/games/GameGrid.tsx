import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { GameSummary } from './use-game-catalogue';

/** Minimal game tiles; the games capability gives them thumbnails and a link to play. */
export function GameGrid({ games, label }: { games: GameSummary[]; label: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0 }}>
      {games.map((game) => (
        <Paper key={game.id} component="li" withBorder radius="md" p="md" bg="var(--bzu-card)">
          <Text fw={600}>{game.name}</Text>
          {game.provider ? (
            <Text size="xs" c="dimmed">
              {game.provider}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
