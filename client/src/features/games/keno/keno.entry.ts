import { IconGridDots } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import { list, type ClientGame } from '../client-game';

/** Keno's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const keno = {
  name: 'Keno',
  icon: IconGridDots,
  page: lazyRouteComponent(() => import('./KenoGame'), 'KenoGame'),
  summary: (o) =>
    `${String(o.hits)} hits of ${Array.isArray(o.picks) ? o.picks.length : '?'} picks (${String(o.risk)})`,
  detail: (o) => `Picks: ${list(o.picks)} - Drawn: ${list(o.drawn)}`,
} satisfies ClientGame;
