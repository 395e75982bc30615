import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { LedgerCurrency } from '../wallet-tables.js';

type Executor = Kysely<Database>;

export interface CommissionInput {
  referrerId: number;
  refereeId: number | null;
  /** The business event the commission comes from (e.g. "bet:123"); one row per key. */
  sourceKey: string;
  currency: LedgerCurrency;
  wagered: bigint;
  houseEdgePpm: number;
  ratePpm: number;
  commission: bigint;
}

/** Records a commission; false when its source key already has one (nothing is written then). */
export async function insertCommission(db: Executor, input: CommissionInput): Promise<boolean> {
  const inserted = await db
    .insertInto('referral_commissions')
    .values({
      referrer_id: input.referrerId,
      referee_id: input.refereeId,
      source_key: input.sourceKey,
      currency: input.currency,
      wagered_e8: input.wagered,
      house_edge_ppm: input.houseEdgePpm,
      rate_ppm: input.ratePpm,
      commission_e8: input.commission,
    })
    .onConflict((oc) => oc.column('source_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The commission recorded for a source key (which must exist). */
export async function commissionOf(db: Executor, sourceKey: string): Promise<bigint> {
  const row = await db
    .selectFrom('referral_commissions')
    .select('commission_e8')
    .where('source_key', '=', sourceKey)
    .executeTakeFirstOrThrow();
  return BigInt(row.commission_e8);
}

/** A referral code with, per currency its referees played in, their wagers and the commission (sums as text). */
export interface ReferralCodeStatsRow {
  code: string;
  created_at: Date;
  signups: number;
  /** null: nobody who signed up with the code has played yet (the code's only row). */
  currency: LedgerCurrency | null;
  wagered: string | null;
  accrued: string | null;
  claimed: string | null;
}

/** The user's codes, newest first, one row per code and currency. */
export async function referralCodeStats(db: Executor, userId: number): Promise<ReferralCodeStatsRow[]> {
  const { rows } = await sql<ReferralCodeStatsRow>`
    select c.id, c.code, c.created_at,
      (select count(*)::int from referrals r where r.code_id = c.id) as signups,
      s.currency, s.wagered, s.accrued, s.claimed
    from referral_codes c
    left join lateral (
      select m.currency, sum(m.wagered_e8)::text as wagered, sum(m.commission_e8)::text as accrued,
        coalesce(sum(m.commission_e8) filter (where m.claimed_at is not null), 0)::text as claimed
      from referral_commissions m join referrals r on r.referee_id = m.referee_id and r.referrer_id = m.referrer_id
      where r.code_id = c.id
      group by m.currency
    ) s on true
    where c.user_id = ${userId}
    order by c.id desc, s.currency`.execute(db);
  return rows;
}

/** The code (matched ignoring case and surrounding spaces) and its owner. */
export function findReferralCode(db: Executor, code: string): Promise<{ id: string; user_id: number } | undefined> {
  return db
    .selectFrom('referral_codes')
    .select(['id', 'user_id'])
    .where(sql<string>`lower(code)`, '=', code.trim().toLowerCase())
    .executeTakeFirst();
}

/** Records who referred the player; false when the player already has a referrer (one per player). */
export async function insertReferral(
  db: Executor,
  input: { refereeId: number; referrerId: number; codeId: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('referrals')
    .values({ referee_id: input.refereeId, referrer_id: input.referrerId, code_id: input.codeId })
    .onConflict((oc) => oc.column('referee_id').doNothing())
    .returning('referee_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findReferrerId(db: Executor, refereeId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('referrals')
    .select('referrer_id')
    .where('referee_id', '=', refereeId)
    .executeTakeFirst();
  return row?.referrer_id;
}

/**
 * How many codes the user has, counted under a per-user lock held to the end of the transaction, so two
 * concurrent creations cannot both pass a limit.
 */
export async function countReferralCodesLocked(trx: Executor, userId: number): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtext('referral-codes'), ${userId})`.execute(trx);
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from referral_codes where user_id = ${userId}`.execute(trx);
  return rows[0]?.n ?? 0;
}

/** Throws Postgres' unique violation when the code is taken (ignoring case). */
export async function insertReferralCode(
  db: Executor,
  userId: number,
  code: string,
): Promise<{ code: string; createdAt: Date }> {
  const row = await db
    .insertInto('referral_codes')
    .values({ user_id: userId, code })
    .returning(['code', 'created_at'])
    .executeTakeFirstOrThrow();
  return { code: row.code, createdAt: new Date(row.created_at) };
}

/** Marks every unclaimed commission of the referrer claimed. */
export async function markCommissionsClaimed(db: Executor, referrerId: number): Promise<void> {
  await db
    .updateTable('referral_commissions')
    .set({ claimed_at: sql`now()` })
    .where('referrer_id', '=', referrerId)
    .where('claimed_at', 'is', null)
    .execute();
}
