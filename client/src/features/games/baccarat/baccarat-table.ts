/**
 * The baccarat table's chips, as counts of the chip unit (the bet panel's amount) per spot, so halving, doubling and
 * the autobet's increase-on-loss scale the whole layout; and the deal order the animation shows.
 */
import {
  BACCARAT_SPOTS,
  baccaratPoint,
  type BaccaratHand,
  type BaccaratSpot,
} from '../../../../../server/src/domain/games/baccarat/rules';
import { fromUnits, toUnits } from '../../game-panel/bet-amount';

export type Layout = Record<BaccaratSpot, number>;
export const EMPTY_LAYOUT: Layout = { player: 0, banker: 0, tie: 0 };
/** Chip sizes in units of the chip value. */
export const CHIP_SIZES = [1, 5, 25, 100] as const;

/** One chip placed: the spot and how many units; undo pops the last one. */
export interface Placed {
  spot: BaccaratSpot;
  units: number;
}

export function layoutOf(placed: readonly Placed[]): Layout {
  const layout = { ...EMPTY_LAYOUT };
  for (const chip of placed) layout[chip.spot] += chip.units;
  return layout;
}

export function isEmpty(layout: Layout): boolean {
  return BACCARAT_SPOTS.every((spot) => layout[spot] === 0);
}

/** The bet body's spots (decimal strings) for a layout at a chip value; absent spots are left out; null for a bad value. */
export function spotAmounts(layout: Layout, chipValue: string): Partial<Record<BaccaratSpot, string>> | null {
  const unit = toUnits(chipValue);
  if (unit === null || unit === 0n) return null;
  const body: Partial<Record<BaccaratSpot, string>> = {};
  for (const spot of BACCARAT_SPOTS) if (layout[spot] > 0) body[spot] = fromUnits(unit * BigInt(layout[spot]));
  return body;
}

/** The layout's total stake, exact ("0" when empty or the value is not an amount). */
export function totalStake(layout: Layout, chipValue: string): string {
  const unit = toUnits(chipValue) ?? 0n;
  return fromUnits(unit * BigInt(layout.player + layout.banker + layout.tie));
}

export interface DealtCard {
  side: 'player' | 'banker';
  card: number;
}

/** The order cards are shown, as at a table: player, banker, player, banker, then the player's third, the banker's third. */
export function dealOrder(hand: Pick<BaccaratHand, 'playerCards' | 'bankerCards'>): DealtCard[] {
  const order: DealtCard[] = [];
  for (let i = 0; i < 2; i += 1) {
    order.push({ side: 'player', card: hand.playerCards[i]! }, { side: 'banker', card: hand.bankerCards[i]! });
  }
  if (hand.playerCards[2] !== undefined) order.push({ side: 'player', card: hand.playerCards[2] });
  if (hand.bankerCards[2] !== undefined) order.push({ side: 'banker', card: hand.bankerCards[2] });
  return order;
}

/** The total of the cards on show (the running total while they are dealt). */
export function pointsTotal(cards: readonly number[]): number {
  return cards.reduce((sum, card) => sum + baccaratPoint(card), 0) % 10;
}
