/**
 * The stake a player last used on each game (amount and currency), remembered in the browser so a visit
 * starts where the last one ended rather than at 1 USD.
 */
import { toUnits } from './bet-amount';
import { CURRENCIES, type Currency } from './bet-types';

export interface RememberedStake {
  amount: string;
  currency: Currency;
}

export const DEFAULT_STAKE: RememberedStake = { amount: '1', currency: 'USD' };

const keyOf = (game: string) => `bzu.stake.${game}`;

/** What was stored for the game, or the default when nothing (or something unreadable) was. */
export function readStake(game: string): RememberedStake {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(game)) ?? 'null') as Partial<RememberedStake> | null;
    if (
      stored &&
      typeof stored.amount === 'string' &&
      toUnits(stored.amount) !== null &&
      CURRENCIES.includes(stored.currency as Currency)
    ) {
      return { amount: stored.amount, currency: stored.currency as Currency };
    }
  } catch {
    // Unreadable or no storage: start from the default.
  }
  return DEFAULT_STAKE;
}

export function rememberStake(game: string, stake: RememberedStake): void {
  try {
    localStorage.setItem(keyOf(game), JSON.stringify(stake));
  } catch {
    // Storage off (private mode): the stake is simply not remembered.
  }
}
