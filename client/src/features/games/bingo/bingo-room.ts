/**
 * What the bingo room shows, from public facts only: every card of the game is public once bought, and the balls as
 * they are drawn, so every screen announces the same prizes on the same ball; the amounts come with the game's end.
 */
import {
  cardTimes,
  COLUMN_LETTERS,
  columnOf,
  PRIZES,
  potOf,
  prizeAmounts,
  randomCard,
  type Prize,
} from '../../../../../server/src/domain/games/bingo/rules';
import { fromUnits, toUnits } from '../../game-panel/bet-amount';

export interface RoomBet {
  betId: string;
  userName: string;
  currency: string;
  amount: string;
  cards?: number[][];
}

export interface FallenPrize {
  prize: Prize;
  currency: string;
  /** The ball (count drawn) it fell on. */
  ball: number;
  winners: { betId: string; userName: string; card: number }[];
}

export const PRIZE_NAMES: Record<Prize, string> = {
  oneLine: 'One line',
  twoLines: 'Two lines',
  fullHouse: 'Full house',
};

/** "B7", "O75": the ball as the caller says it. */
export const ballLabel = (ball: number) => `${COLUMN_LETTERS[columnOf(ball)]}${ball}`;

/** Each currency's prizes already won after `called` balls, and by which cards (simultaneous winners share). */
export function fallenPrizes(bets: readonly RoomBet[], called: readonly number[]): FallenPrize[] {
  const fallen: FallenPrize[] = [];
  for (const currency of ['USD', 'BZU']) {
    const cards = bets
      .filter((bet) => bet.currency === currency)
      .flatMap((bet) => (bet.cards ?? []).map((card, index) => ({ bet, index, times: cardTimes(card, called) })));
    if (cards.length === 0) continue;
    for (const prize of PRIZES) {
      const ball = Math.min(...cards.map((card) => card.times[prize]));
      if (!Number.isFinite(ball)) break;
      fallen.push({
        prize,
        currency,
        ball,
        winners: cards
          .filter((card) => card.times[prize] === ball)
          .map((card) => ({ betId: card.bet.betId, userName: card.bet.userName, card: card.index })),
      });
    }
  }
  return fallen;
}

/** The room panel's lines, newest first: each ball called, and each prize on the ball it fell. */
export function roomLines(
  bets: readonly RoomBet[],
  called: readonly number[],
): { key: string; text: string; prize?: boolean }[] {
  const prizes = fallenPrizes(bets, called);
  const lines: { key: string; text: string; prize?: boolean }[] = [];
  called.forEach((ball, i) => {
    lines.push({ key: `ball-${i}`, text: `Ball ${i + 1}: ${ballLabel(ball)}` });
    for (const fallen of prizes.filter((p) => p.ball === i + 1)) {
      const names = fallen.winners.map((w) => `${w.userName} (card ${w.card + 1})`).join(', ');
      lines.push({
        key: `${fallen.currency}-${fallen.prize}`,
        text: `${PRIZE_NAMES[fallen.prize]} (${fallen.currency}): ${names}`,
        prize: true,
      });
    }
  });
  return lines.reverse();
}

/** The pot of a currency so far: the cards sold less the house share, at least the guaranteed minimum; and each prize. */
export function potSoFar(
  bets: readonly RoomBet[],
  currency: string,
  minimum: string,
): { pot: string; prizes: Record<Prize, string> } {
  const sales = bets
    .filter((bet) => bet.currency === currency)
    .reduce((sum, bet) => sum + (toUnits(bet.amount) ?? 0n), 0n);
  const { pot } = potOf(sales, toUnits(minimum) ?? 0n);
  const amounts = prizeAmounts(pot);
  return {
    pot: fromUnits(pot),
    prizes: {
      oneLine: fromUnits(amounts.oneLine),
      twoLines: fromUnits(amounts.twoLines),
      fullHouse: fromUnits(amounts.fullHouse),
    },
  };
}

/** Cards dealt in the browser (Web Crypto), shown before buying: the player may deal again, and buys exactly these. */
export function dealCards(count: number): number[][] {
  const randomInt = (n: number) => {
    // Rejection sampling: a uniform 0..n-1 from 32 random bits.
    const limit = Math.floor(2 ** 32 / n) * n;
    const word = new Uint32Array(1);
    do crypto.getRandomValues(word);
    while (word[0]! >= limit);
    return word[0]! % n;
  };
  return Array.from({ length: count }, () => randomCard(randomInt));
}

/** What the player holds in the game on screen: all their purchases (more cards may be bought until the sale closes). */
export interface Holding {
  betIds: string[];
  cards: number[][];
  currency: string;
  amount: string;
  /** Their prizes summed, once the game paid any. */
  payout: string | null;
}

/** The player's purchases: the ones this page placed, or (after a reload) the ones under their name. */
export function holdingOf(
  bets: readonly (RoomBet & { payout?: string })[],
  placedIds: readonly string[],
  name: string | null,
): Holding | null {
  const mine = bets.filter((bet) => placedIds.includes(bet.betId) || (name !== null && bet.userName === name));
  if (mine.length === 0) return null;
  const sum = (amounts: (string | undefined)[]) =>
    amounts.reduce((total, amount) => total + (amount ? (toUnits(amount) ?? 0n) : 0n), 0n);
  const payout = sum(mine.map((bet) => bet.payout));
  return {
    betIds: mine.map((bet) => bet.betId),
    cards: mine.flatMap((bet) => bet.cards ?? []),
    currency: mine[0]!.currency,
    amount: fromUnits(sum(mine.map((bet) => bet.amount))),
    payout: payout > 0n ? fromUnits(payout) : null,
  };
}

/** How many more cards the player may buy in this game (the published limit less what they hold). */
export const cardsLeft = (maxCards: number, holding: Holding | null) =>
  Math.max(0, maxCards - (holding?.cards.length ?? 0));
