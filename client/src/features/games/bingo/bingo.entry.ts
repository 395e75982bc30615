import { IconGridDots } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { ClientGame } from '../client-game';

const BINGO_PRIZES: Record<string, string> = { oneLine: 'One line', twoLines: 'Two lines', fullHouse: 'Full house' };
const bingoRows = (card: number[]) =>
  [0, 5, 10, 15, 20]
    .map((row) =>
      card
        .slice(row, row + 5)
        .map((n) => (n === 0 ? '*' : n))
        .join(' '),
    )
    .join(' / ');

/** Bingo's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const bingo = {
  name: 'Bingo',
  icon: IconGridDots,
  page: lazyRouteComponent(() => import('./BingoGame'), 'BingoGame'),
  summary: (o) => {
    const won = Array.isArray(o.prizes) ? o.prizes.length : 0;
    return `Game ${String(o.roundNumber)}: ${Array.isArray(o.cards) ? o.cards.length : 0} cards${won ? `, ${won} prize${won > 1 ? 's' : ''}` : ''}${o.refunded ? ', refunded' : ''}`;
  },
  // Each card row by row (rows split by /, the free centre as *), then the prizes it won.
  detail: (o) =>
    [
      ...(Array.isArray(o.cards) ? (o.cards as number[][]).map((card, i) => `Card ${i + 1}: ${bingoRows(card)}`) : []),
      ...(Array.isArray(o.prizes)
        ? (o.prizes as { prize: string; card: number; ball: number; amount: string }[]).map(
            (p) => `${BINGO_PRIZES[p.prize] ?? p.prize} on ball ${p.ball}: card ${p.card + 1}, ${p.amount}`,
          )
        : []),
    ].join(' - '),
} satisfies ClientGame;
