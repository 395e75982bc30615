import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceGamepad2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PlaceholderState } from '../../components/PlaceholderState';
import { GameGrid } from '../games/GameGrid';
import { useGameCatalogue } from '../games/use-game-catalogue';
import { LiveFeed } from '../originals/LiveFeed';
import { CategoryGrid } from './CategoryGrid';
import classes from './CasinoHomePage.module.css';

export function CasinoHomePage() {
  const { games } = useGameCatalogue();
  return (
    <Stack gap="xl">
      <Paper radius="lg" p={{ base: 'lg', sm: 40 }} className={classes.hero}>
        <Stack gap="sm" maw={560}>
          <Title order={1} fz={{ base: 26, sm: 36 }}>
            Casino
          </Title>
          <Text size="lg">Provably fair originals today: dice, limbo, plinko, keno and mines. Slots, live tables and more are on their way.</Text>
          <Button component={Link} to="/games" size="md" w="fit-content">
            Browse games
          </Button>
        </Stack>
      </Paper>
      <section aria-labelledby="categories-heading">
        <Title order={2} size="h3" mb="sm" id="categories-heading">
          Categories
        </Title>
        <CategoryGrid />
      </section>
      <section aria-labelledby="featured-heading">
        <Title order={2} size="h3" mb="sm" id="featured-heading">
          Featured games
        </Title>
        {games.length === 0 ? (
          <PlaceholderState
            icon={IconDeviceGamepad2}
            title="Games are on their way"
            description="The game catalogue opens soon. Featured games will appear here."
          />
        ) : (
          <GameGrid games={games.slice(0, 10)} label="Featured games" />
        )}
      </section>
      <LiveFeed />
    </Stack>
  );
}
