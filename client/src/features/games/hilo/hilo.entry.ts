import { IconCards } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import { cardLabel, type Card } from '../../../../../server/src/domain/games/shared/cards';
import type { ClientGame } from '../client-game';

/** Hilo's cards in order with the guess before each: "♦2 → higher ♦7 → lower ♣A". */
function hiloCardsLine(cards: unknown): string {
  if (!Array.isArray(cards)) return '';
  return (cards as { card: number; guess?: string }[])
    .map((drawn) => (drawn.guess ? `→ ${drawn.guess} ` : '') + cardLabel(drawn.card as Card))
    .join(' ');
}

/** Hilo's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const hilo = {
  name: 'Hilo',
  icon: IconCards,
  page: lazyRouteComponent(() => import('./HiloGame'), 'HiloGame'),
  summary: (o, state) =>
    `${Array.isArray(o.cards) ? o.cards.length : 0} cards, ${String(o.multiplier)}x${state === 'open' ? ', in play' : ''}`,

  detail: (o) => hiloCardsLine(o.cards),
} satisfies ClientGame;
