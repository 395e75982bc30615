/**
 * Dice's three linked fields: target, win chance and multiplier. The player may type any of them; the other two
 * follow, rounded to what the server accepts (a 2-decimal target, a chance of 0.01 to 98.00 %), and the
 * multiplier shown is then the one the server will pay (99 / chance), not the one typed (FAIRNESS.md, Dice).
 */
import {
  DICE_MAX_CHANCE_HUNDREDTHS,
  DICE_MIN_CHANCE_HUNDREDTHS,
  type DiceCondition,
} from '../../../../../server/src/domain/games/dice/rules';

/** The target, in hundredths, that gives this chance (hundredths of a percent) for the condition. */
export function targetForChance(chanceHundredths: number, condition: DiceCondition): number {
  return condition === 'over' ? 10000 - chanceHundredths : chanceHundredths;
}

function clampChance(hundredths: number): number {
  return Math.min(DICE_MAX_CHANCE_HUNDREDTHS, Math.max(DICE_MIN_CHANCE_HUNDREDTHS, hundredths));
}

/** A typed positive decimal ("3", "1.5", "33.33%", "2x"), or null. */
function parseTyped(text: string, suffix: string): number | null {
  const trimmed = text.trim().replace(new RegExp(`\\s*${suffix}$`), '');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

/** A typed win chance ("33.33" or "33.33%") as hundredths of a percent inside the allowed range, or null. */
export function chanceFromText(text: string): number | null {
  const value = parseTyped(text, '%');
  return value === null ? null : clampChance(Math.round(value * 100));
}

/** A typed multiplier ("3" or "3x") as the nearest allowed chance: 99 / multiplier, rounded to 2 decimals. */
export function chanceFromMultiplierText(text: string): number | null {
  const value = parseTyped(text, 'x');
  return value === null ? null : clampChance(Math.round(9900 / value));
}

/** A typed target ("50.5") as hundredths inside the range the condition allows, or null. */
export function targetFromText(text: string, condition: DiceCondition): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const [min, max] =
    condition === 'over'
      ? [10000 - DICE_MAX_CHANCE_HUNDREDTHS, 10000 - DICE_MIN_CHANCE_HUNDREDTHS]
      : [DICE_MIN_CHANCE_HUNDREDTHS, DICE_MAX_CHANCE_HUNDREDTHS];
  return Math.min(max, Math.max(min, Math.round(Number(trimmed) * 100)));
}
