/**
 * One automatic round-game bet (crash with its auto cash-out, the wheel with its chips): placed, then awaited until its round settled it, so the panel's
 * autobet (on win / on loss, stop on profit / loss) sees a finished bet as it does for the instant games. A bet sent
 * after a window closed (between the window's end and the start) waits for the next window instead of stopping.
 */
export interface AutoRoundDeps<B extends { id: string; state: string }> {
  place(): Promise<B>;
  read(id: string): Promise<B>;
  /** Is this error the 409 BETTING_CLOSED of a bet that came between two windows? */
  isClosed(error: unknown): boolean;
  sleep(ms: number): Promise<void>;
  /** False once the autobet was stopped or the page left: stop waiting. */
  alive(): boolean;
}

export const CLOSED_RETRY_MS = 500;
export const SETTLE_POLL_MS = 500;
/** A bet open longer than this (a round running for minutes) is given up on; it still settles on the server. */
export const SETTLE_WAIT_MAX_MS = 10 * 60_000;

export async function playAutoRound<B extends { id: string; state: string }>(
  deps: AutoRoundDeps<B>,
): Promise<B | null> {
  let placed: B | null = null;
  while (placed === null) {
    try {
      placed = await deps.place();
    } catch (error) {
      if (!deps.isClosed(error)) throw error;
      if (!deps.alive()) return null;
      await deps.sleep(CLOSED_RETRY_MS);
    }
  }
  let bet = placed;
  for (let waited = 0; bet.state === 'open' && waited < SETTLE_WAIT_MAX_MS; waited += SETTLE_POLL_MS) {
    await deps.sleep(SETTLE_POLL_MS);
    bet = await deps.read(bet.id);
  }
  return bet.state === 'open' ? null : bet;
}
