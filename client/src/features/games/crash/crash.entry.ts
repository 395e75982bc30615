import { IconChartLine } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { ClientGame } from '../client-game';

/** Crash's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const crash = {
  name: 'Crash',
  icon: IconChartLine,
  page: lazyRouteComponent(() => import('./CrashGame'), 'CrashGame'),
  summary: (o) => `Round ${String(o.roundNumber)}${o.refunded ? ', refunded' : ''}`,
} satisfies ClientGame;
