import { Badge, Image, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import classes from './ProviderGameTiles.module.css';

export type ProviderCategory = 'slots' | 'live' | 'gameshows' | 'roulette' | 'blackjack' | 'bingo';

/** A category's provider games (the lobby's list of enabled games of enabled providers). */
export function useProviderGames(category: ProviderCategory | undefined) {
  return trpc.providers.catalogue.useQuery({ category }, { enabled: category !== undefined });
}

/** Provider game tiles beside the originals: thumbnail, name, studio; each opens /casino/play/<provider>/<game>. */
export function ProviderGameTiles({
  games,
  label,
}: {
  games: {
    providerId: string;
    providerName: string;
    gameId: string;
    name: string;
    rtp: string;
    thumbnailUrl: string | null;
  }[];
  label: string;
}) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 5 }}
      spacing="sm"
      component="ul"
      aria-label={label}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {games.map((game) => (
        <li key={`${game.providerId}/${game.gameId}`}>
          <UnstyledButton
            component={Link}
            to={`/casino/play/${encodeURIComponent(game.providerId)}/${encodeURIComponent(game.gameId)}`}
            // Named by what it shows (name, studio, RTP): an aria-label leaving the RTP out breaks WCAG 2.5.3.
            className={classes.tile}
          >
            <Paper radius="md" className={classes.paper} data-provider-game={`${game.providerId}/${game.gameId}`}>
              {game.thumbnailUrl ? (
                <Image src={game.thumbnailUrl} alt="" className={classes.thumb} loading="lazy" />
              ) : (
                <div className={classes.thumb} aria-hidden />
              )}
              <div className={classes.caption}>
                <Text fw={700} size="sm" lineClamp={1}>
                  {game.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {game.providerName}
                </Text>
                <Badge size="xs" variant="light">
                  RTP {game.rtp}%
                </Badge>
              </div>
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </SimpleGrid>
  );
}
