/**
 * What the raffle page shows next to the draw: prize labels and a player's chance. Pure, shared with the browser.
 */

/** "1st", "2nd", "3rd", "4th", ... "11th", "12th", "13th", "21st". */
export function prizeLabel(prizeIndex: number): string {
  const place = prizeIndex + 1;
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix}`;
}

/**
 * Probability that at least one of `tickets` (out of `total`) wins when `prizeCount` prizes are drawn one per ticket
 * (without replacement): 1 - C(total - tickets, n) / C(total, n) with n = min(prizeCount, total), as a product so it
 * never overflows.
 */
export function winChance(tickets: number, total: number, prizeCount: number): number {
  if (tickets <= 0 || total <= 0) return 0;
  const draws = Math.min(prizeCount, total);
  if (tickets + draws > total) return 1;
  let none = 1;
  for (let i = 0; i < draws; i += 1) none *= (total - tickets - i) / (total - i);
  return 1 - none;
}

/** The chance as the API shows it: a decimal string with 4 significant digits past leading zeros ("0.01234"). */
export function formatChance(chance: number): string {
  if (chance >= 1) return '1';
  if (chance <= 0) return '0';
  const decimals = Math.min(12, Math.max(4, 3 - Math.floor(Math.log10(chance))));
  return chance.toFixed(decimals).replace(/0+$/, '').replace(/\.$/, '');
}
