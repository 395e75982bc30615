import { Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { memo, type ReactNode } from 'react';
import { AnchorLink } from '../../components/router-links';
import { PageHeader } from '../../components/PageHeader';
import { useIsSignedIn } from '../auth/use-is-signed-in';
import { FavouriteStar } from '../games/FavouriteStar';
import { GameStats } from './GameStats';
import { LiveFeed } from '../bets/LiveFeed';
import type { MyBetsSearch } from '../bets/my-bets-search';
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
  return (
    <Stack gap="lg" className={classes.wrap} data-game={props.slug}>
      <GameHeader slug={props.slug} title={props.title} description={props.description} seeds={props.seeds} />
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
      <GameFoot slug={props.slug} />
    </Stack>
  );
}

/*
 * The heading and the page's foot (stats, live bets) depend on the game's slug and the session only: memoised, so
 * a game drawing its board (a turbo autobet: every frame) does not render them again.
 */
type HeaderProps = { slug: MyBetsSearch['game'] & string; title: string; description: string; seeds?: boolean };
const GameHeader = memo(function GameHeader(props: HeaderProps) {
  const isSignedIn = useIsSignedIn();
  return (
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
  );
});

const GameFoot = memo(function GameFoot({ slug }: { slug: MyBetsSearch['game'] & string }) {
  const isSignedIn = useIsSignedIn();
  return (
    <>
      {isSignedIn ? <GameStats game={slug} /> : null}
      <LiveFeed game={slug} />
    </>
  );
});
