import type { WheelValue } from '../../../../../server/src/domain/games/wheel/rules';
import { fromUnits } from '../../game-panel/bet-amount';

export interface PlacedChip {
  value: WheelValue;
  amount: bigint;
}

/** The chips on each value, in 1e-8 units summed, as the bet body's decimal amounts. */
export function stacksOf(chips: readonly PlacedChip[]): Map<WheelValue, string> {
  return new Map([...unitStacks(chips)].map(([value, amount]) => [value, fromUnits(amount)]));
}

function unitStacks(chips: readonly PlacedChip[]): Map<WheelValue, bigint> {
  const units = new Map<WheelValue, bigint>();
  for (const chip of chips) units.set(chip.value, (units.get(chip.value) ?? 0n) + chip.amount);
  return units;
}

/**
 * The bet body's chips for a total the autobet chose (its increase on a win or a loss): each value's stack x total /
 * the table's total, floored, never below one unit, so the chips keep their proportions.
 */
export function scaledChips(chips: readonly PlacedChip[], total: bigint): { value: WheelValue; amount: string }[] {
  const stacks = unitStacks(chips);
  const current = [...stacks.values()].reduce((sum, amount) => sum + amount, 0n);
  return [...stacks].map(([value, amount]) => {
    const scaled = current === 0n || total === current ? amount : (amount * total) / current;
    return { value, amount: fromUnits(scaled > 0n ? scaled : 1n) };
  });
}
