import { Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../components/router-links';
import { PageHeader } from '../../components/PageHeader';
import { useIsSignedIn } from '../auth/use-is-signed-in';
import { FavouriteStar } from '../games/FavouriteStar';
import { GameStats } from './GameStats';
import { LiveFeed } from './LiveFeed';
import type { MyBetsSearch } from './my-bets-search';
import { openSeeds } from './overlay-store';
import classes from './GameLayout.module.css';

/**
 * Every original's page: heading, bet panel beside the board (under it when narrow), fairness links, stats, live bets.
 * A round game's outcomes come from its hash chain, not the player's seed pair: it passes `seeds={false}`.
 */
export function GameLayout(props: {
  slug: MyBetsSearch['game'] & string;
  title: string;
  description: string;
  panel: ReactNode;
  board: ReactNode;
  seeds?: boolean;
}) {
  const isSignedIn = useIsSignedIn();
  return (
    <Stack gap="lg" className={classes.wrap} data-game={props.slug}>
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          <Group gap="xs">
            <FavouriteStar slug={props.slug} name={props.title} />
            {props.seeds === false ? null : (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconShieldCheck size={14} aria-hidden />}
                onClick={openSeeds}
                disabled={!isSignedIn}
              >
                Seeds
              </Button>
            )}
            <Anchor component={Link} to="/provably-fair" size="sm">
              Provably fair
            </Anchor>
            <AnchorLink to="/casino/my-bets" search={{ game: props.slug }} size="sm">
              My bets
            </AnchorLink>
          </Group>
        }
      />
      <div className={classes.grid}>
        <div>{props.panel}</div>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'lg' }}
          className={classes.board}
          component="section"
          aria-label={`${props.title} board`}
        >
          {props.board}
        </Paper>
      </div>
      {isSignedIn ? <GameStats game={props.slug} /> : null}
      <LiveFeed game={props.slug} />
    </Stack>
  );
}
