/*
 * Holding back the header balance while a game animates its result (a plinko ball still falling): the
 * balance must not give the result away before the animation does. While a currency is held, live balance
 * updates for it wait, and only the newest runs when the last hold ends.
 */
type HeldCurrency = 'USD' | 'BZU';

const holds: Record<HeldCurrency, number> = { USD: 0, BZU: 0 };
const waiting: Partial<Record<HeldCurrency, () => void>> = {};

/** Holds the currency's balance until the returned release is called (calling it again does nothing). */
export function holdBalance(currency: HeldCurrency): () => void {
  holds[currency] += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds[currency] -= 1;
    const apply = waiting[currency];
    if (holds[currency] === 0 && apply) {
      delete waiting[currency];
      apply();
    }
  };
}

/** Runs a balance change now, or (replacing any earlier one) when the currency's last hold ends. */
export function whenBalanceShown(currency: HeldCurrency, apply: () => void): void {
  if (holds[currency] > 0) waiting[currency] = apply;
  else apply();
}
