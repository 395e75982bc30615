import { IconMicrophone2 } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { ClientGame } from '../client-game';

/** Money Wheel's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const wheel = {
  name: 'Money Wheel',
  // The sidebar's Game Shows icon: already in the first screen.
  icon: IconMicrophone2,
  page: lazyRouteComponent(() => import('./WheelGame'), 'WheelGame'),
  summary: (o) => {
    const wheel = o.wheel as { value: number | null; multiplier: number } | undefined;
    const landed = wheel
      ? `, landed on ${wheel.value ?? 'no number'}${wheel.multiplier > 1 ? ` x${wheel.multiplier}` : ''}`
      : '';
    return `Round ${String(o.roundNumber)}${landed}${o.refunded ? ', refunded' : ''}`;
  },
} satisfies ClientGame;
