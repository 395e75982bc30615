import { multiplierAt } from '../../../../server/src/domain/games/rules/crash';

/**
 * The curve on this screen: drawn from the round's start on the server's clock. Each answer and event carries
 * `serverTime`; the offset to the local clock is taken from the latest one (the correcting tick), so every screen
 * shows the multiplier the servers would read.
 */
export interface CrashClock {
  /** serverTime - local time when it was received (ms). */
  offsetMs: number;
}

export function clockFrom(serverTime: string | undefined, receivedAt = Date.now()): CrashClock {
  return { offsetMs: serverTime ? Date.parse(serverTime) - receivedAt : 0 };
}

/** Milliseconds since the round started, on the server's clock. */
export function elapsedMs(startedAt: string, clock: CrashClock, now = Date.now()): number {
  return Math.max(0, now + clock.offsetMs - Date.parse(startedAt));
}

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
