import { IconChartLine } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { ClientGame } from '../client-game';

/** Limbo's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const limbo = {
  name: 'Limbo',
  icon: IconChartLine,
  page: lazyRouteComponent(() => import('./LimboGame'), 'LimboGame'),
  summary: (o) => `Result ${String(o.result)}x (target ${String(o.target)}x)`,
} satisfies ClientGame;
