import { Badge, Group, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconDeviceGamepad2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FavouriteStar } from './FavouriteStar';
import { clientGame } from './registry';
import { gamePath, type GameSummary } from './use-game-catalogue';
import classes from './GameGrid.module.css';

/** Game tiles linking to each game's page, each with its favourite star. */
export function GameGrid({ games, label }: { games: GameSummary[]; label: string }) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 5 }}
      spacing="sm"
      component="ul"
      aria-label={label}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {games.map((game) => {
        const GameIcon = clientGame(game.slug)?.icon ?? IconDeviceGamepad2;
        return (
          <li key={game.id} className={classes.item}>
            {/* The link is named by its visible name alone (WCAG 2.5.3); the studio and RTP lie over the tile outside it. */}
            <UnstyledButton component={Link} to={gamePath(game)} className={classes.tile}>
              <Paper radius="md" px="md" pt="md" className={classes.paper} data-game={game.slug}>
                <GameIcon size={36} stroke={1.5} aria-hidden />
                <Text fw={700}>{game.name}</Text>
              </Paper>
            </UnstyledButton>
            {game.provider || game.rtp ? (
              <Group gap={4} justify="center" className={classes.details}>
                {game.provider ? (
                  <Text size="xs" c="dimmed">
                    {game.provider}
                  </Text>
                ) : null}
                {game.rtp ? (
                  <Badge size="xs" variant="light">
                    RTP {game.rtp}%
                  </Badge>
                ) : null}
              </Group>
            ) : null}
            {game.providerGame ? null : (
              <div className={classes.star}>
                <FavouriteStar slug={game.slug} name={game.name} size="sm" />
              </div>
            )}
          </li>
        );
      })}
    </SimpleGrid>
  );
}
