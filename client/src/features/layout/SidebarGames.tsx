import { NavLink, Text } from '@mantine/core';
import { IconClock, IconDeviceGamepad2, IconStar } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { gamesInOrder, useFavourites, useRecentlyPlayed } from '../games/favourites';
import { clientGame } from '../games/registry';
import { gamePath, useGameCatalogue, type GameSummary } from '../games/use-game-catalogue';

/** How many games each sidebar list shows (the casino home shows them all). */
const SIDEBAR_GAMES = 5;

/** The sidebar's Favourites and Recently played groups, each a link per game; hidden while empty. */
export function SidebarGames() {
  const { games } = useGameCatalogue();
  const favourites = gamesInOrder(games, useFavourites().slugs).slice(0, SIDEBAR_GAMES);
  const recent = gamesInOrder(games, useRecentlyPlayed()).slice(0, SIDEBAR_GAMES);
  return (
    <>
      <Group
        label="Favourites"
        icon={<IconStar size={18} aria-hidden />}
        games={favourites}
        testId="sidebar-favourites"
      />
      <Group
        label="Recently played"
        icon={<IconClock size={18} aria-hidden />}
        games={recent}
        testId="sidebar-recent"
      />
    </>
  );
}

function Group({
  label,
  icon,
  games,
  testId,
}: {
  label: string;
  icon: ReactNode;
  games: GameSummary[];
  testId: string;
}) {
  const { pathname } = useLocation();
  if (games.length === 0) return null;
  return (
    <NavLink label={label} leftSection={icon} defaultOpened childrenOffset={12} fw={600} data-testid={testId}>
      {games.map((game) => {
        const GameIcon = clientGame(game.slug)?.icon ?? IconDeviceGamepad2;
        const to = gamePath(game);
        return (
          <NavLink
            key={game.slug}
            component={Link}
            to={to}
            label={<Text size="sm">{game.name}</Text>}
            leftSection={<GameIcon size={16} aria-hidden />}
            active={pathname === to}
          />
        );
      })}
    </NavLink>
  );
}
