import { IconCards } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { ClientGame } from '../client-game';

/** Baccarat's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const baccarat = {
  name: 'Baccarat',
  icon: IconCards,
  page: lazyRouteComponent(() => import('./BaccaratGame'), 'BaccaratGame'),
  summary: (o) => `${String(o.winner)} wins, ${String(o.playerTotal)}-${String(o.bankerTotal)}`,
} satisfies ClientGame;
