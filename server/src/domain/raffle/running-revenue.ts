import type { Db } from '../../../../db/client.js';
import { houseGamesRevenue } from '../../../../db/repositories/token-economy.repo.js';

/**
 * How old a ledger transaction must be before it is counted as settled history. Its `created_at` is its database
 * transaction's start: one that is still open can commit later with an older time. Bets, cash-outs and round ends
 * commit within seconds, so five minutes leaves a wide margin.
 */
const SETTLED_AFTER_MS = 5 * 60_000;
/** How far the settled part may lag before it is moved on: the recent tail read on each refresh stays this small. */
const REBASE_AFTER_MS = 5 * 60_000;

/**
 * The open raffle's live pool estimate reads the house's games revenue since the raffle opened, every few seconds.
 * Summing the whole period each time grew with the day's play (256,000 transactions, 0.4 s, for a day with a
 * player of 100,000 bets); this keeps the settled part of the period as a figure and reads only the recent tail.
 * The close still sums the whole period in one query (raffle.service.ts): this is the estimate players watch.
 */
export class RunningRevenue {
  private settled: { raffleId: string; opensAt: number; until: Date; revenue: bigint } | null = null;

  constructor(private readonly realNow: () => number = Date.now) {}

  async since(db: Db, raffle: { id: string; opensAt: Date }, end: Date): Promise<bigint> {
    // The database stamps transactions by the real clock, whatever clock the service runs on.
    const cut = new Date(
      Math.max(raffle.opensAt.getTime(), Math.min(end.getTime(), this.realNow() - SETTLED_AFTER_MS)),
    );
    let settled = this.settled;
    if (
      !settled ||
      settled.raffleId !== raffle.id ||
      settled.opensAt !== raffle.opensAt.getTime() ||
      end < settled.until
    ) {
      settled = {
        raffleId: raffle.id,
        opensAt: raffle.opensAt.getTime(),
        until: cut,
        revenue: await houseGamesRevenue(db, raffle.opensAt, cut),
      };
    } else if (cut.getTime() - settled.until.getTime() >= REBASE_AFTER_MS) {
      const added = await houseGamesRevenue(db, settled.until, cut);
      settled = { ...settled, until: cut, revenue: settled.revenue + added };
    }
    this.settled = settled;
    return settled.revenue + (await houseGamesRevenue(db, settled.until, end));
  }
}
