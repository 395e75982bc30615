import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

/** The facts a withdrawal's risk checks weigh, read in one statement. */
export interface WithdrawalRiskFacts {
  withdrawalId: string;
  userId: number;
  status: string;
  currency: string;
  address: string;
  amountE8: string;
  accountCreatedAt: Date;
  /** Credited deposits and settled stakes (originals, provider bets, sports) in the withdrawal's currency. */
  depositedE8: string;
  wageredE8: string;
  /** Earlier withdrawals of this player to the same address that were not refused. */
  earlierToAddress: number;
  /** Other withdrawals of this player in the 24 hours before this one. */
  lastDay: number;
  /** Other accounts that signed in from an IP address this player signed in from, or withdrew to this address. */
  sharedAddressWith: number[];
  /**
   * Other accounts seen on this player's device: a session from the same IP address with the same browser (user
   * agent). Sessions carry no device id, so this pair is the device; a session without a user agent names none.
   */
  sharedDeviceWith: number[];
  review: { reviewerId: number; reviewerName: string; score: number; note: string; createdAt: Date } | null;
}

interface RiskRow {
  withdrawal_id: string;
  user_id: number;
  status: string;
  currency: string;
  address: string;
  amount_e8: string;
  account_created_at: Date;
  deposited: string;
  wagered: string;
  earlier_to_address: number;
  last_day: number;
  shared_address_with: number[];
  shared_device_with: number[];
  reviewer_id: number | null;
  reviewer_name: string;
  review_score: number;
  review_note: string;
  reviewed_at: Date;
}

export async function withdrawalRiskFacts(db: Executor, withdrawalId: string): Promise<WithdrawalRiskFacts | null> {
  const { rows } = await sql<RiskRow>`
    select w.id::text as withdrawal_id, w.user_id, w.status, w.currency, w.address, w.amount_e8::text,
      u.created_at as account_created_at,
      (select coalesce(sum(d.amount_e8), 0)::text from deposits d
        where d.user_id = w.user_id and d.currency = w.currency and d.status = 'CREDITED') as deposited,
      ((select coalesce(sum(b.amount_e8), 0) from bets b
          where b.user_id = w.user_id and b.currency = w.currency and b.state <> 'open')
        + (select coalesce(sum(p.amount_e8), 0) from provider_transactions p
          where p.user_id = w.user_id and p.currency = w.currency and p.kind = 'bet')
        + (select coalesce(sum(s.stake_e8), 0) from sports_bets s
          where s.user_id = w.user_id and s.currency = w.currency and s.status <> 'open'))::text as wagered,
      (select count(*)::int from withdrawals o
        where o.user_id = w.user_id and o.id <> w.id and o.id < w.id and lower(o.address) = lower(w.address)
          and o.status not in ('REJECTED', 'FAILED')) as earlier_to_address,
      (select count(*)::int from withdrawals o
        where o.user_id = w.user_id and o.id <> w.id and o.created_at > w.created_at - interval '24 hours'
          and o.created_at <= w.created_at) as last_day,
      array(
        select distinct other.user_id from (
          select s2.user_id from sessions s1 join sessions s2 on s2.ip = s1.ip and s2.user_id <> s1.user_id
          where s1.user_id = w.user_id and s1.ip is not null
          union
          select o.user_id from withdrawals o where lower(o.address) = lower(w.address) and o.user_id <> w.user_id
        ) other order by 1 limit 20
      ) as shared_address_with,
      array(
        select distinct s2.user_id from sessions s1
        join sessions s2 on s2.ip = s1.ip and s2.user_agent = s1.user_agent and s2.user_id <> s1.user_id
        where s1.user_id = w.user_id and s1.ip is not null and s1.user_agent is not null
        order by 1 limit 20
      ) as shared_device_with,
      r.reviewer_id, ru.login_name as reviewer_name, r.score as review_score, r.note as review_note,
      r.created_at as reviewed_at
    from withdrawals w
    join users u on u.id = w.user_id
    left join withdrawal_risk_reviews r on r.withdrawal_id = w.id
    left join users ru on ru.id = r.reviewer_id
    where w.id = ${withdrawalId}::bigint`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    withdrawalId: row.withdrawal_id,
    userId: row.user_id,
    status: row.status,
    currency: row.currency,
    address: row.address,
    amountE8: row.amount_e8,
    accountCreatedAt: new Date(row.account_created_at),
    depositedE8: row.deposited,
    wageredE8: row.wagered,
    earlierToAddress: row.earlier_to_address,
    lastDay: row.last_day,
    sharedAddressWith: row.shared_address_with,
    sharedDeviceWith: row.shared_device_with,
    review:
      row.reviewer_id === null
        ? null
        : {
            reviewerId: row.reviewer_id,
            reviewerName: row.reviewer_name,
            score: row.review_score,
            note: row.review_note,
            createdAt: new Date(row.reviewed_at),
          },
  };
}

/** The one review of a withdrawal; false when it was already reviewed. */
export async function insertRiskReview(
  db: Executor,
  review: { withdrawalId: string; reviewerId: number; score: number; note: string },
): Promise<boolean> {
  const { rows } = await sql`
    insert into withdrawal_risk_reviews (withdrawal_id, reviewer_id, score, note)
    values (${review.withdrawalId}::bigint, ${review.reviewerId}, ${review.score}, ${review.note})
    on conflict (withdrawal_id) do nothing returning withdrawal_id`.execute(db);
  return rows.length === 1;
}
