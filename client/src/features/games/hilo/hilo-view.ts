/** What the hilo page shows besides the cards: the offered guesses with their chance and multiplier, and the cash-out. */
import {
  guessChance,
  guessMultiplier,
  hiloChoices,
  hiloMultiplier,
  type HiloAction,
  type HiloCard,
  type HiloGuess,
} from '../../../../../server/src/domain/games/hilo/rules';
import { applyRatio, formatRatio, mulRatio } from '../../../../../server/src/domain/games/shared/ratio';
import { fromUnits, toUnits } from '../../game-panel/bet-amount';

export const GUESS_LABELS: Record<HiloAction, string> = {
  higherOrSame: 'Higher or same',
  lowerOrSame: 'Lower or same',
  higher: 'Higher',
  lower: 'Lower',
  same: 'Same',
  skip: 'Skip',
};

/** Short marks for the previous-cards row. */
export const GUESS_MARKS: Record<HiloAction, string> = {
  higherOrSame: '≥',
  lowerOrSame: '≤',
  higher: '>',
  lower: '<',
  same: '=',
  skip: '↷',
};

export interface GuessOption {
  guess: HiloGuess;
  label: string;
  /** "53.85%": the chance, rounded to 2 decimals. */
  chance: string;
  /** The running multiplier this guess would give when correct, 4 decimals floored ("1.8382"). */
  multiplier: string;
}

/** The two guesses offered on the current card, each with its chance and the multiplier it would give. */
export function guessOptions(cards: readonly HiloCard[]): GuessOption[] {
  const current = cards[cards.length - 1]!.card;
  const running = hiloMultiplier(cards);
  return hiloChoices(current).map((guess) => {
    const chance = guessChance(current, guess);
    return {
      guess,
      label: GUESS_LABELS[guess],
      chance: `${formatRatio({ num: chance.num * 200n * 100n + chance.den, den: chance.den * 200n }, 2)}%`,
      multiplier: formatRatio(mulRatio(running, guessMultiplier(current, guess)), 4),
    };
  });
}

/** What a cash-out pays now and the profit, as the server computes them (floor of the exact product); null for a bad stake. */
export function cashoutFigures(amount: string, cards: readonly HiloCard[]): { payout: string; profit: string } | null {
  const stake = toUnits(amount);
  if (stake === null) return null;
  const payout = applyRatio(stake, hiloMultiplier(cards));
  return { payout: fromUnits(payout), profit: fromUnits(payout - stake) };
}
