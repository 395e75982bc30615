import { IconChartPie } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { ClientGame } from '../client-game';

/** Roulette's chips as the details list them: "Straight 17: 1 paid 36 · Red: 2 paid 0". */
function rouletteChipsLine(chips: unknown): string {
  if (!Array.isArray(chips)) return '';
  return (chips as { type: string; numbers: number[]; amount: string; payout: string }[])
    .map((chip) => {
      const name = chip.type.charAt(0).toUpperCase() + chip.type.slice(1);
      const on = chip.numbers.length > 0 ? ` ${chip.numbers.join('-')}` : '';
      return `${name}${on}: ${chip.amount} paid ${chip.payout}`;
    })
    .join(' · ');
}

/** Roulette's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const roulette = {
  name: 'Roulette',
  // The sidebar's Roulette icon: already in the first screen.
  icon: IconChartPie,
  page: lazyRouteComponent(() => import('./RouletteGame'), 'RouletteGame'),
  summary: (o) => `Pocket ${String(o.pocket)}`,
  detail: (o) => rouletteChipsLine(o.chips),
} satisfies ClientGame;
