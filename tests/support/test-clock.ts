import type { Clock } from '../../server/src/domain/responsible-gaming/clock.js';

/**
 * A raffle close time half a day from now (HH:MM UTC), for RAFFLE_CLOSE_UTC: a test that earns tickets and claims
 * the free entry must not have the default 20:00 close fall in the middle of it.
 */
export function raffleCloseFarFromNow(now = Date.now()): string {
  return new Date(now + 12 * 3_600_000).toISOString().slice(11, 16);
}

/**
 * Waits, when the next boundary of `periodMs` (an hour, a half hour: UTC-aligned) is less than `marginMs` away, until
 * it has passed: for tests whose steps must all fall in one period.
 */
export async function clearOfPeriodBoundary(periodMs: number, marginMs: number): Promise<void> {
  const untilBoundary = periodMs - (Date.now() % periodMs);
  if (untilBoundary < marginMs) await new Promise((resolve) => setTimeout(resolve, untilBoundary + 250));
}

/** A ticket per 1 USD or 100 BZU wagered, the draw far away: the games' tests count the raffle tickets their bets earn. */
export function rafflePerWagerEnv(): Record<string, string> {
  return { RAFFLE_TICKET_WAGER_USD: '1', RAFFLE_TICKET_WAGER_BZU: '100', RAFFLE_CLOSE_UTC: raffleCloseFarFromNow() };
}

/** A clock a test sets and moves on (limit windows, the 24-hour wait): pass it to startTestPlatform's options. */
export class TestClock implements Clock {
  private at: number;

  constructor(start: Date | string) {
    this.at = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  set(at: Date | string): void {
    this.at = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.at += ms;
  }
}
