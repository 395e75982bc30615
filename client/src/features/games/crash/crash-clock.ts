import { multiplierAt } from '../../../../../server/src/domain/games/crash/rules';
import { elapsedMs, type CrashClock } from '../../rounds/round-clock';

/** The multiplier now, in hundredths. */
export function multiplierNow(startedAt: string, clock: CrashClock, now = Date.now()): number {
  return multiplierAt(elapsedMs(startedAt, clock, now));
}

/** What cashing out now would pay: floor(stake x multiplier), in the stake's decimal form (8 decimals, exact). */
export function cashoutAmount(amount: string, hundredths: number): string {
  const [whole, fraction = ''] = amount.split('.');
  const units = BigInt(whole! + fraction.padEnd(8, '0').slice(0, 8));
  const paid = (units * BigInt(hundredths)) / 100n;
  const text = paid.toString().padStart(9, '0');
  return `${text.slice(0, -8)}.${text.slice(-8)}`;
}
