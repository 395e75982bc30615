import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import type { TestPlatform } from './platform.js';
import { trpc } from './wallet.js';

/** What the player economy accrued for one settled bet (XP, rakeback, the house edge it used); undefined when nothing. */
export function betEconomy(db: Db, betId: string) {
  return db
    .selectFrom('bet_economy')
    .select(['xp_e8', 'rakeback_e8', 'house_edge_ppm', 'wagered_e8'])
    .where('bet_id', '=', betId)
    .executeTakeFirst();
}

/** The player's standing in the open raffle (tickets and wagered amounts). */
export async function raffleStanding(
  platform: TestPlatform,
  token: string,
): Promise<{ tickets: number; holderBonus: number; wageredUsd: string; wageredBzu: string }> {
  const answer = await trpc(platform, 'query', 'raffle.current', undefined, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.data.mine;
}

/** Credits BZU to a player straight through the ledger (the house's deposits account pays), for BZU bets. */
export async function creditBzu(platform: TestPlatform, userId: number, amount: string, key: string): Promise<void> {
  await platform.platform.services.wallet.ledger.post({
    key: `test-bzu:${key}`,
    kind: 'deposit',
    userId,
    legs: [
      { account: { house: 'deposits' }, currency: 'BZU', amount: -parseAmount(amount) },
      { account: { user: userId }, currency: 'BZU', amount: parseAmount(amount) },
    ],
  });
}

/** How many payout postings a bet has (a round settles once). */
export async function payoutCount(db: Db, betId: string): Promise<number> {
  const rows = await sql<{
    n: number;
  }>`select count(*)::int as n from ledger_transactions where idempotency_key like ${`bet:${betId}:payout%`}`.execute(
    db,
  );
  return rows.rows[0]!.n;
}

/** Limits for a BetEngine a test builds itself (beside the platform's): the defaults' minimum bets, a high-roller line of 500. */
export const TEST_ENGINE_LIMITS = {
  minBet: { USD: parseAmount('0.01'), BZU: parseAmount('1') },
  maxProfit: { USD: parseAmount('100000000'), BZU: parseAmount('100000000') },
  highRoller: { USD: parseAmount('500'), BZU: parseAmount('500') },
};
