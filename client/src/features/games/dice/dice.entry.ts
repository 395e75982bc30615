import { IconDice5 } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { ClientGame } from '../client-game';

/** Dice's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const dice = {
  name: 'Dice',
  icon: IconDice5,
  page: lazyRouteComponent(() => import('./DiceGame'), 'DiceGame'),
  summary: (o) => `Roll ${String(o.roll)} (${String(o.condition)} ${String(o.target)})`,
} satisfies ClientGame;
