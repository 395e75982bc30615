/** Tower's line in the client registry (games/registry.ts): name, icon, lazy page, and its bets' outcome lines. */
import { IconBuildingCastle } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { ClientGame } from '../client-game';

const levels = (o: Record<string, unknown>) => (Array.isArray(o.picks) ? o.picks.length : 0);

export const tower = {
  name: 'Tower',
  icon: IconBuildingCastle,
  page: lazyRouteComponent(() => import('./TowerGame'), 'TowerGame'),
  summary: (o, state) => {
    const climbed = state === 'lost' ? levels(o) - 1 : levels(o);
    return `${String(o.difficulty)}, ${climbed} of 9 levels climbed${state === 'lost' ? ', trap hit' : ''}${state === 'open' ? ', in play' : ''}`;
  },
  // Tiles numbered from 1 on the left, levels from the bottom; the traps once the round has ended.
  detail: (o) => {
    const picks = Array.isArray(o.picks) ? (o.picks as number[]) : [];
    const traps = Array.isArray(o.traps) ? (o.traps as number[][]) : null;
    const picked = picks.length ? picks.map((t, level) => `L${level + 1}: ${t + 1}`).join(', ') : 'none';
    return (
      `Picks: ${picked}` +
      (traps
        ? ` - Traps: ${traps.map((l, level) => `L${level + 1}: ${l.map((t) => t + 1).join('+')}`).join(', ')}`
        : '')
    );
  },
} satisfies ClientGame;
