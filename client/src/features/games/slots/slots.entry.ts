import { IconCherry } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import { list, type ClientGame } from '../client-game';

/** Slots's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const slots = {
  name: 'Slots',
  // The sidebar's Slots icon: already in the first screen.
  icon: IconCherry,
  page: lazyRouteComponent(() => import('./SlotsGame'), 'SlotsGame'),
  summary: (o) => {
    const free = Array.isArray(o.spins) ? o.spins.length - 1 : 0;
    return `Win ${String(o.multiplier)}x${free > 0 ? ` with ${free} free spins` : ''}`;
  },
  detail: (o) => {
    const spins = (Array.isArray(o.spins) ? o.spins : []) as { stops: number[]; lines: unknown[] }[];
    return spins
      .map(
        (spin, i) =>
          `${i === 0 ? 'Stops' : `Free spin ${i}`}: ${list(spin.stops)} (${spin.lines.length} ${spin.lines.length === 1 ? 'line' : 'lines'})`,
      )
      .join(' - ');
  },
} satisfies ClientGame;
