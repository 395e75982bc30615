import { Box, NavLink, Stack } from '@mantine/core';
import { IconDeviceGamepad2 } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterStyles } from '../../after-styles';
import { useFeatures } from '../config/use-app-config';
import { CASINO_LINKS, ORIGINALS_LINKS, SPORTS_LINK } from '../navigation/nav-items';
import { isClientGameSlug } from '../games/registry';
import { TokenCard } from '../token/TokenCard';

// The player's favourites and recently played games come after the first paint (the first screen's budget).
const SidebarGames = lazy(() =>
  afterStyles(() => import('./SidebarGames')).then((module) => ({ default: module.SidebarGames })),
);

/** A game's page (/casino/games/<slug>); /casino/<slug> is a category page when one has the game's name (slots, roulette). */
function isOriginalsGamePath(pathname: string): boolean {
  return pathname.startsWith('/casino/games/') && isClientGameSlug(pathname.slice('/casino/games/'.length));
}

function isCasinoPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/casino' || pathname.startsWith('/casino/');
}

/** Token card, the Casino group (open under /casino) and Sports when the feature is on. */
export function Sidebar() {
  const { pathname } = useLocation();
  const { sports } = useFeatures();
  const [casinoOpen, setCasinoOpen] = useState(() => isCasinoPath(pathname));
  useEffect(() => {
    if (isCasinoPath(pathname)) setCasinoOpen(true);
  }, [pathname]);

  return (
    // A native scroll box: Mantine's ScrollArea pulls all of @floating-ui/react into the first load.
    <Box h="100%" style={{ overflowY: 'auto' }}>
      <Stack gap="md" p="sm" component="nav" aria-label="Main">
        <TokenCard />
        <div>
          <NavLink
            label="Casino"
            leftSection={<IconDeviceGamepad2 size={18} aria-hidden />}
            opened={casinoOpen}
            onChange={setCasinoOpen}
            childrenOffset={12}
            fw={600}
          >
            {CASINO_LINKS.map(({ to, label, icon: LinkIcon }) => (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={label}
                leftSection={<LinkIcon size={16} aria-hidden />}
                // Exact: the router would otherwise mark All Games active on every /casino/* page; a game page marks Originals.
                activeOptions={{ exact: true }}
                active={
                  pathname === to ||
                  (to === '/casino' && pathname === '/') ||
                  (to === '/casino/originals' && isOriginalsGamePath(pathname))
                }
                aria-current={pathname === to ? 'page' : undefined}
              />
            ))}
          </NavLink>
          <Suspense fallback={null}>
            <SidebarGames />
          </Suspense>
          {ORIGINALS_LINKS.map(({ to, label, icon: LinkIcon }) => (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={label}
              leftSection={<LinkIcon size={18} aria-hidden />}
              active={pathname === to}
              fw={600}
            />
          ))}
          {sports ? (
            <NavLink
              component={Link}
              to={SPORTS_LINK.to}
              label={SPORTS_LINK.label}
              leftSection={<SPORTS_LINK.icon size={18} aria-hidden />}
              active={pathname === SPORTS_LINK.to}
              fw={600}
            />
          ) : null}
        </div>
      </Stack>
    </Box>
  );
}
