/**
 * The client's one list of games, in catalogue order: one entry per game (the server's is
 * server/src/domain/games/registry.ts; registry.unit.test.ts keeps the two in step). The routes,
 * the catalogue tiles, the sidebar, the bet views, the My bets filter and the /provably-fair verifier read
 * it. Only names, icons and one-line formatters load with the first screen: each page and each verifier
 * form is a dynamic import() fetched when it is shown (the route preloads the page
 * so the router's pending screen covers the wait).
 */
import {
  IconBomb,
  IconCards,
  IconChartLine,
  IconChartPie,
  IconCherry,
  IconCircleDot,
  IconDice5,
  IconGridDots,
  IconMicrophone2,
  type Icon,
} from '@tabler/icons-react';
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { cardLabel, type Card } from '../../../../server/src/domain/games/rules/cards';

type Outcome = Record<string, unknown>;
type BetState = 'open' | 'won' | 'lost' | string;

export interface ClientGame {
  name: string;
  icon: Icon;
  /** The game's page at /casino/<slug>. */
  page: RouteComponent;
  /** One line for a bet's outcome (the outcome shapes of API.md). */
  summary(outcome: Outcome, state: BetState): string;
  /** The bet details' extra line (paths, draws, tiles), if the game has one. */
  detail?(outcome: Outcome): string;
}

const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');

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

/** Hilo's cards in order with the guess before each: "♦2 → higher ♦7 → lower ♣A". */
function hiloCardsLine(cards: unknown): string {
  if (!Array.isArray(cards)) return '';
  return (cards as { card: number; guess?: string }[])
    .map((drawn) => (drawn.guess ? `→ ${drawn.guess} ` : '') + cardLabel(drawn.card as Card))
    .join(' ');
}
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

export const GAME_REGISTRY = {
  dice: {
    name: 'Dice',
    icon: IconDice5,
    page: lazyRouteComponent(() => import('../originals/DiceGame'), 'DiceGame'),
    summary: (o) => `Roll ${String(o.roll)} (${String(o.condition)} ${String(o.target)})`,
  },
  limbo: {
    name: 'Limbo',
    icon: IconChartLine,
    page: lazyRouteComponent(() => import('../originals/LimboGame'), 'LimboGame'),
    summary: (o) => `Result ${String(o.result)}x (target ${String(o.target)}x)`,
  },
  plinko: {
    name: 'Plinko',
    icon: IconCircleDot,
    page: lazyRouteComponent(() => import('../originals/PlinkoGame'), 'PlinkoGame'),
    summary: (o) => `Bucket ${String(o.bucket)} of ${Number(o.rows) + 1} (${String(o.rows)} rows, ${String(o.risk)})`,
    detail: (o) => `Path (0 left, 1 right): ${list(o.path)}`,
  },
  keno: {
    name: 'Keno',
    icon: IconGridDots,
    page: lazyRouteComponent(() => import('../originals/KenoGame'), 'KenoGame'),
    summary: (o) =>
      `${String(o.hits)} hits of ${Array.isArray(o.picks) ? o.picks.length : '?'} picks (${String(o.risk)})`,
    detail: (o) => `Picks: ${list(o.picks)} - Drawn: ${list(o.drawn)}`,
  },
  mines: {
    name: 'Mines',
    icon: IconBomb,
    page: lazyRouteComponent(() => import('../originals/MinesGame'), 'MinesGame'),
    summary: (o, state) =>
      `${String(o.mines)} mines, ${Array.isArray(o.revealed) ? o.revealed.length : 0} tiles revealed${state === 'open' ? ', in play' : ''}`,
    detail: (o) =>
      `Revealed tiles: ${list((o.revealed as number[] | undefined)?.map((t) => t + 1)) || 'none'}` +
      (Array.isArray(o.minePositions) ? ` - Mines at: ${list((o.minePositions as number[]).map((t) => t + 1))}` : ''),
  },
  blackjack: {
    name: 'Blackjack',
    icon: IconCards,
    page: lazyRouteComponent(() => import('./blackjack/BlackjackGame'), 'BlackjackGame'),
    summary: (o) =>
      `${list((o.hands as { total: number }[] | undefined)?.map((h) => h.total))} vs dealer ${String((o.dealer as { total?: number } | undefined)?.total)}`,
  },
  roulette: {
    name: 'Roulette',
    // The sidebar's Roulette icon: already in the first screen.
    icon: IconChartPie,
    page: lazyRouteComponent(() => import('./roulette/RouletteGame'), 'RouletteGame'),
    summary: (o) => `Pocket ${String(o.pocket)}`,
    detail: (o) => rouletteChipsLine(o.chips),
  },
  hilo: {
    name: 'Hilo',
    icon: IconCards,
    page: lazyRouteComponent(() => import('./hilo/HiloGame'), 'HiloGame'),
    summary: (o, state) =>
      `${Array.isArray(o.cards) ? o.cards.length : 0} cards, ${String(o.multiplier)}x${state === 'open' ? ', in play' : ''}`,

    detail: (o) => hiloCardsLine(o.cards),
  },
  baccarat: {
    name: 'Baccarat',
    icon: IconCards,
    page: lazyRouteComponent(() => import('./baccarat/BaccaratGame'), 'BaccaratGame'),
    summary: (o) => `${String(o.winner)} wins, ${String(o.playerTotal)}-${String(o.bankerTotal)}`,
  },
  slots: {
    name: 'Slots',
    // The sidebar's Slots icon: already in the first screen.
    icon: IconCherry,
    page: lazyRouteComponent(() => import('./slots/SlotsGame'), 'SlotsGame'),
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
  },
  crash: {
    name: 'Crash',
    icon: IconChartLine,
    page: lazyRouteComponent(() => import('../crash/CrashGame'), 'CrashGame'),
    summary: (o) => `Round ${String(o.roundNumber)}${o.refunded ? ', refunded' : ''}`,
  },
  wheel: {
    name: 'Money Wheel',
    // The sidebar's Game Shows icon: already in the first screen.
    icon: IconMicrophone2,
    page: lazyRouteComponent(() => import('../wheel/WheelGame'), 'WheelGame'),
    summary: (o) => {
      const wheel = o.wheel as { value: number | null; multiplier: number } | undefined;
      const landed = wheel
        ? `, landed on ${wheel.value ?? 'no number'}${wheel.multiplier > 1 ? ` x${wheel.multiplier}` : ''}`
        : '';
      return `Round ${String(o.roundNumber)}${landed}${o.refunded ? ', refunded' : ''}`;
    },
  },
  bingo: {
    name: 'Bingo',
    icon: IconGridDots,
    page: lazyRouteComponent(() => import('../bingo/BingoGame'), 'BingoGame'),
    summary: (o) => {
      const won = Array.isArray(o.prizes) ? o.prizes.length : 0;
      return `Game ${String(o.roundNumber)}: ${Array.isArray(o.cards) ? o.cards.length : 0} cards${won ? `, ${won} prize${won > 1 ? 's' : ''}` : ''}${o.refunded ? ', refunded' : ''}`;
    },
    // Each card row by row (rows split by /, the free centre as *), then the prizes it won.
    detail: (o) =>
      [
        ...(Array.isArray(o.cards)
          ? (o.cards as number[][]).map((card, i) => `Card ${i + 1}: ${bingoRows(card)}`)
          : []),
        ...(Array.isArray(o.prizes)
          ? (o.prizes as { prize: string; card: number; ball: number; amount: string }[]).map(
              (p) => `${BINGO_PRIZES[p.prize] ?? p.prize} on ball ${p.ball}: card ${p.card + 1}, ${p.amount}`,
            )
          : []),
      ].join(' - '),
  },
} as const satisfies Record<string, ClientGame>;

export type ClientGameSlug = keyof typeof GAME_REGISTRY;
export const CLIENT_GAME_SLUGS = Object.keys(GAME_REGISTRY) as [ClientGameSlug, ...ClientGameSlug[]];

/** Round games (one public round, outcomes from a hash chain): verified on their own page, not by seed pair. */
export const ROUND_CLIENT_SLUGS = ['crash', 'wheel', 'bingo'] as const;
export type RoundClientSlug = (typeof ROUND_CLIENT_SLUGS)[number];
export type SeededGameSlug = Exclude<ClientGameSlug, RoundClientSlug>;

export function isSeededGameSlug(slug: unknown): slug is SeededGameSlug {
  return !(ROUND_CLIENT_SLUGS as readonly unknown[]).includes(slug) && isClientGameSlug(slug);
}

export function isClientGameSlug(slug: unknown): slug is ClientGameSlug {
  return typeof slug === 'string' && Object.hasOwn(GAME_REGISTRY, slug);
}

/** The registered game of a stored bet or a catalogue row; undefined for a slug this client does not know. */
export function clientGame(slug: string): ClientGame | undefined {
  return isClientGameSlug(slug) ? GAME_REGISTRY[slug] : undefined;
}
