import { IconCards } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import { list, type ClientGame } from '../client-game';

/** Blackjack's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const blackjack = {
  name: 'Blackjack',
  icon: IconCards,
  page: lazyRouteComponent(() => import('./BlackjackGame'), 'BlackjackGame'),
  summary: (o) =>
    `${list((o.hands as { total: number }[] | undefined)?.map((h) => h.total))} vs dealer ${String((o.dealer as { total?: number } | undefined)?.total)}`,
} satisfies ClientGame;
