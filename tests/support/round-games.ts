import { FAST_HASHING, RELAXED_LIMITS } from './auth.js';
import { WALLET_TEST_ENV } from './wallet.js';

/** A platform for the round games' tests: fast sign-ups, relaxed limits, the test wallet, 0.01 USD bets. */
export const ROUND_GAME_ENV = { ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV, GAME_MIN_BET_USD: '0.01' };

/** Polls `check` every 50 ms until it answers something, at most `ms` (a runner's rounds come when they come). */
export async function until<T>(
  what: string,
  ms: number,
  check: () => Promise<T | null | undefined | false>,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A round taking bets for at least 2 more seconds by the server's clock: time for a test's bets, however slow the machine. */
export function roomyWindow<R extends { state: string; bettingEndsAt?: string; serverTime: string }>(
  round: R | null | undefined,
): R | null {
  return round?.state === 'betting' &&
    round.bettingEndsAt &&
    Date.parse(round.bettingEndsAt) - Date.parse(round.serverTime) > 2_000
    ? round
    : null;
}
