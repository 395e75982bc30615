/**
 * Video poker's entry in the client registry (features/games/registry.ts lists it): name, icon, the lazy page and the bet
 * lines. Only this module loads with the first screen; the page (and the rules) are fetched when shown.
 */
import { IconPlayCard } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import { cardLabel, type Card } from '../../../../../server/src/domain/games/shared/cards';
import type { ClientGame } from '../client-game';

/**
 * "jacksOrBetter" -> "Jacks or better": the hand's name from its API key, so the first screen does not load the
 * game's rules (with the hold-value code) for one line of text.
 */
export function handName(hand: string): string {
  if (hand === 'nothing') return 'No win';
  const words = hand.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const cardsLine = (cards: unknown) => (Array.isArray(cards) ? (cards as Card[]).map(cardLabel).join(' ') : '');

export const videoPoker = {
  name: 'Video Poker',
  icon: IconPlayCard,
  page: lazyRouteComponent(() => import('./VideoPokerGame'), 'VideoPokerGame'),
  summary: (o, state) =>
    state === 'open' || typeof o.hand !== 'string' ? 'Five cards dealt, in play' : handName(o.hand),
  // "Dealt ♦2 ♥K ... - held 2, 5 - final ♣9 ♥K ...": positions counted 1 to 5, as the page shows them.
  detail: (o) =>
    [
      `Dealt ${cardsLine(o.dealt)}`,
      Array.isArray(o.held) ? `held ${(o.held as number[]).map((p) => p + 1).join(', ') || 'none'}` : 'not drawn yet',
      ...(Array.isArray(o.final) ? [`final ${cardsLine(o.final)}`] : []),
    ].join(' - '),
} satisfies ClientGame;
