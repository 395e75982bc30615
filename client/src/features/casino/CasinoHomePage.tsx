import { Box, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceGamepad2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { afterStyles } from '../../after-styles';
import { useGameCatalogue } from '../games/use-game-catalogue';
import classes from './CasinoHomePage.module.css';

// After the first paint (issue #17's 150 KB first screen): the category and game tiles and the
// live feed's table, tabs and scroll area are not needed to show the page. Imported only once the complete
// stylesheet is there: their own styles must come after Mantine's to win over them.
const GameGrid = lazy(() =>
  afterStyles(() => import('../games/GameGrid')).then((module) => ({ default: module.GameGrid })),
);
const CategoryGrid = lazy(() =>
  afterStyles(() => import('./CategoryGrid')).then((module) => ({ default: module.CategoryGrid })),
);
const PlaceholderState = lazy(() =>
  afterStyles(() => import('../../components/PlaceholderState')).then((module) => ({
    default: module.PlaceholderState,
  })),
);
const PlayerGameRows = lazy(() =>
  afterStyles(() => import('./PlayerGameRows')).then((module) => ({ default: module.PlayerGameRows })),
);
const LiveFeed = lazy(() =>
  afterStyles(() => import('../bets/LiveFeed')).then((module) => ({ default: module.LiveFeed })),
);

/** Tile-shaped placeholders for a section whose tiles are on their way. */
function SkeletonTiles({ count, height, testId }: { count: number; height: number; testId: string }) {
  return (
    <ul className={classes.skeletonGrid} data-testid={testId} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={classes.skeletonTile} style={{ height }} />
      ))}
    </ul>
  );
}

const categoriesSkeleton = <SkeletonTiles count={8} height={82} testId="categories-skeleton" />;
const featuredSkeleton = <SkeletonTiles count={10} height={136} testId="featured-skeleton" />;

export function CasinoHomePage() {
  const { games, status } = useGameCatalogue();
  return (
    <Stack gap="xl">
      <Paper radius="lg" p={{ base: 'lg', sm: 40 }} className={classes.hero}>
        <Stack gap="sm" maw={560}>
          <Title order={1} fz={{ base: 26, sm: 36 }}>
            Casino
          </Title>
          <Text size="lg">
            Provably fair originals (dice to blackjack, a video slot, crash, the money wheel and bingo) and the studios
            your operator connects.
          </Text>
          <Button component={Link} to="/games" size="md" w="fit-content">
            Browse games
          </Button>
        </Stack>
      </Paper>
      {status === 'ready' ? (
        <Suspense fallback={null}>
          <PlayerGameRows games={games} />
        </Suspense>
      ) : null}
      <section aria-labelledby="categories-heading">
        <Title order={2} size="h3" mb="sm" id="categories-heading">
          Categories
        </Title>
        <Suspense fallback={categoriesSkeleton}>
          <CategoryGrid />
        </Suspense>
      </section>
      <section aria-labelledby="featured-heading" aria-busy={status === 'loading'}>
        <Title order={2} size="h3" mb="sm" id="featured-heading">
          Featured games
        </Title>
        <Suspense fallback={featuredSkeleton}>
          {status === 'loading' ? (
            featuredSkeleton
          ) : games.length === 0 ? (
            <PlaceholderState
              icon={IconDeviceGamepad2}
              title="Games are on their way"
              description="The game catalogue opens soon. Featured games will appear here."
            />
          ) : (
            // Every game of the catalogue (a dozen or so): the newest, last in catalogue order, are listed too.
            <GameGrid games={games} label="Featured games" />
          )}
        </Suspense>
      </section>
      <Suspense fallback={<Box mih={240} />}>
        <LiveFeed />
      </Suspense>
    </Stack>
  );
}
