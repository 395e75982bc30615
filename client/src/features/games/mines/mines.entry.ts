import { IconBomb } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import { list, type ClientGame } from '../client-game';

/** Mines's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const mines = {
  name: 'Mines',
  icon: IconBomb,
  page: lazyRouteComponent(() => import('./MinesGame'), 'MinesGame'),
  summary: (o, state) =>
    `${String(o.mines)} mines, ${Array.isArray(o.revealed) ? o.revealed.length : 0} tiles revealed${state === 'open' ? ', in play' : ''}`,
  detail: (o) =>
    `Revealed tiles: ${list((o.revealed as number[] | undefined)?.map((t) => t + 1)) || 'none'}` +
    (Array.isArray(o.minePositions) ? ` - Mines at: ${list((o.minePositions as number[]).map((t) => t + 1))}` : ''),
} satisfies ClientGame;
