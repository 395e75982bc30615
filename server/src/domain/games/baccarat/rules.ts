/**
 * Baccarat (FAIRNESS.md "Baccarat"): f0, f1 the player's cards, f2, f3 the banker's, then the player's third card (if
 * drawn) from the next float, then the banker's third (if drawn) from the next. Standard third-card rules; player
 * pays 1:1, banker 0.95:1, tie 8:1, and a tie returns the player and banker bets. Pure: shared with the browser.
 */
import { cardFromFloat, rankIndex, type Card } from '../shared/cards.js';
import { addRatio, mulRatio, ratio, type Ratio } from '../shared/ratio.js';

export const BACCARAT_SPOTS = ['player', 'banker', 'tie'] as const;
export type BaccaratSpot = (typeof BACCARAT_SPOTS)[number];
export type BaccaratWinner = BaccaratSpot;
/** At most six cards: two each, and a third for each side. */
export const BACCARAT_FLOATS = 6;

export interface BaccaratHand {
  playerCards: Card[];
  bankerCards: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
}

/** Ace 1, two to nine their value, tens and faces 0. */
export function baccaratPoint(card: Card): number {
  const index = rankIndex(card);
  if (index === 12) return 1;
  return index <= 7 ? index + 2 : 0;
}

const total = (points: readonly number[]) => points.reduce((a, b) => a + b, 0) % 10;

/** The banker's tableau: with the player's third card's points (null when the player stood), does a banker on `banker` draw? */
export function bankerDraws(banker: number, playerThird: number | null): boolean {
  if (playerThird === null) return banker <= 5;
  switch (banker) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/**
 * One coup on card points in float order (what the exact RTP enumerates): which positions were drawn and who won.
 * `points[i]` is the point of the card float i would draw.
 */
export function coupOnPoints(points: readonly number[]): {
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
} {
  const player = [points[0]!, points[1]!];
  const banker = [points[2]!, points[3]!];
  let next = 4;
  const natural = total(player) >= 8 || total(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (total(player) <= 5) {
      playerThird = points[next]!;
      player.push(playerThird);
      next += 1;
    }
    if (bankerDraws(total(banker), playerThird)) banker.push(points[next]!);
  }
  const playerTotal = total(player);
  const bankerTotal = total(banker);
  const winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, winner };
}

/** The coup the floats deal (at most six floats read, in order of use). */
export function baccaratDeal(floats: readonly number[]): BaccaratHand {
  const cards = floats.slice(0, BACCARAT_FLOATS).map(cardFromFloat);
  const coup = coupOnPoints(cards.map(baccaratPoint));
  const playerCards = [cards[0]!, cards[1]!];
  const bankerCards = [cards[2]!, cards[3]!];
  let next = 4;
  if (coup.player.length === 3) playerCards.push(cards[next++]!);
  if (coup.banker.length === 3) bankerCards.push(cards[next]!);
  return {
    playerCards,
    bankerCards,
    playerTotal: coup.playerTotal,
    bankerTotal: coup.bankerTotal,
    winner: coup.winner,
  };
}

/** What one unit on `spot` returns (stake included) when `winner` wins: player 2, banker 1.95, tie 9; a tie returns player and banker bets. */
export function spotReturn(spot: BaccaratSpot, winner: BaccaratWinner): Ratio {
  if (spot === 'tie') return ratio(winner === 'tie' ? 9n : 0n);
  if (winner === 'tie') return ratio(1n);
  if (spot !== winner) return ratio(0n);
  return spot === 'player' ? ratio(2n) : ratio(195n, 100n);
}

export type BaccaratStakes = Record<BaccaratSpot, bigint>;

/** The exact sum the spots return; the payout is its floor (FAIRNESS.md "Money"). */
export function baccaratReturn(stakes: BaccaratStakes, winner: BaccaratWinner): Ratio {
  return BACCARAT_SPOTS.reduce(
    (sum, spot) => addRatio(sum, mulRatio(ratio(stakes[spot]), spotReturn(spot, winner))),
    ratio(0n),
  );
}

export function baccaratStakesError(stakes: BaccaratStakes): string | null {
  if (BACCARAT_SPOTS.some((spot) => stakes[spot] < 0n)) return 'Bet amounts cannot be negative';
  return BACCARAT_SPOTS.some((spot) => stakes[spot] > 0n) ? null : 'Bet on the player, the banker or a tie';
}

/** Weights of a card's point in the unlimited deck: 0 has four ranks (10, J, Q, K), 1-9 one each, of 13. */
const POINT_WEIGHTS = [4, 1, 1, 1, 1, 1, 1, 1, 1, 1];

/**
 * Exact probabilities of a player win, a banker win and a tie (unlimited deck): every one of the 10^6 point sequences
 * of six floats, weighted by its count of rank sequences (13^6 in all); draws that are not taken only add weight.
 */
export function baccaratOutcomeCounts(): { counts: Record<BaccaratWinner, bigint>; total: bigint } {
  const counts: Record<BaccaratWinner, number> = { player: 0, banker: 0, tie: 0 };
  const points = [0, 0, 0, 0, 0, 0];
  const walk = (position: number, weight: number) => {
    if (position === BACCARAT_FLOATS) {
      counts[coupOnPoints(points).winner] += weight;
      return;
    }
    for (let p = 0; p < 10; p += 1) {
      points[position] = p;
      walk(position + 1, weight * POINT_WEIGHTS[p]!);
    }
  };
  walk(0, 1);
  return {
    counts: { player: BigInt(counts.player), banker: BigInt(counts.banker), tie: BigInt(counts.tie) },
    total: 13n ** 6n,
  };
}

/** Each bet's exact return to player: the sum over outcomes of probability x return. */
export function baccaratExactRtp(): Record<BaccaratSpot, Ratio> {
  const { counts, total: all } = baccaratOutcomeCounts();
  const rtp = (spot: BaccaratSpot) =>
    (['player', 'banker', 'tie'] as const).reduce(
      (sum, winner) => addRatio(sum, mulRatio(ratio(counts[winner], all), spotReturn(spot, winner))),
      ratio(0n),
    );
  return { player: rtp('player'), banker: rtp('banker'), tie: rtp('tie') };
}
