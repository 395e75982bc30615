import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { LedgerCurrency } from '../wallet-tables.js';
import type { PromotionKind } from './promotions.repo.js';

type Executor = Kysely<Database>;

/** What promotions cost (the console's and the CLI's report) and the ledger check's promotions part. */

export interface CostRow {
  day: string;
  promotionId: string;
  name: string;
  kind: PromotionKind;
  currency: LedgerCurrency;
  paid: bigint;
  pending: bigint;
  forfeited: bigint;
}

/**
 * What promotions cost per UTC day: paid on the day they were paid, forfeited on the day they were removed, pending
 * on the day they were granted. Days from `since`, newest first.
 */
export async function costPerDay(db: Executor, since: Date): Promise<CostRow[]> {
  const { rows } = await sql<{
    day: string;
    promotion_id: string;
    name: string;
    kind: PromotionKind;
    currency: LedgerCurrency;
    paid: string;
    pending: string;
    forfeited: string;
  }>`
    select to_char((coalesce(a.settled_at, a.created_at) at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
      p.id::text as promotion_id, p.name, p.kind, a.currency,
      coalesce(sum(a.amount_e8) filter (where a.status = 'paid'), 0)::text as paid,
      coalesce(sum(a.amount_e8) filter (where a.status = 'pending'), 0)::text as pending,
      coalesce(sum(a.amount_e8) filter (where a.status = 'forfeited'), 0)::text as forfeited
    from (
      select promotion_id, currency, amount_e8, status, created_at, settled_at from promotion_awards
      union all
      -- Bonuses: pending while active (what they may cost), paid when turned into cash, forfeited when removed. A spent
      -- one (staked down to nothing: its money went to house:games with the bets) settles 0.
      select promotion_id, currency, case when status = 'active' then amount_e8 else settled_e8 end,
        case status when 'active' then 'pending' when 'converted' then 'paid' else 'forfeited' end, created_at, settled_at
      from player_bonuses
    ) a join promotions p on p.id = a.promotion_id
    where coalesce(a.settled_at, a.created_at) >= ${since}
    group by 1, p.id, p.name, p.kind, a.currency
    order by 1 desc, p.id desc`.execute(db);
  return rows.map((row) => ({
    day: row.day,
    promotionId: row.promotion_id,
    name: row.name,
    kind: row.kind,
    currency: row.currency,
    paid: BigInt(row.paid),
    pending: BigInt(row.pending),
    forfeited: BigInt(row.forfeited),
  }));
}

/**
 * The ledger check's promotions part: per promotion and currency, the paid awards sum to what house:promotions paid
 * out under that promotion's keys (`promotion:<id>:...`), and every paid award names a transaction with its key.
 */
export async function promotionLedgerProblems(
  db: Executor,
  limit: number,
): Promise<{ check: string; detail: string }[]> {
  const totals = await sql<{ detail: string }>`
    with paid as (
      select promotion_id, currency, sum(amount_e8) as total from promotion_awards where status = 'paid'
      group by promotion_id, currency
    ), posted as (
      select split_part(t.idempotency_key, ':', 2)::bigint as promotion_id, e.currency, -sum(e.amount_e8) as total
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.code = 'house:promotions'
      where t.idempotency_key like 'promotion:%'
      group by 1, e.currency
    )
    select format('promotion %s %s: awards paid %s, house:promotions posted %s', coalesce(p.promotion_id, l.promotion_id),
      coalesce(p.currency, l.currency), coalesce(p.total, 0), coalesce(l.total, 0)) as detail
    from paid p full join posted l on l.promotion_id = p.promotion_id and l.currency = p.currency
    where coalesce(p.total, 0) <> coalesce(l.total, 0) limit ${limit}`.execute(db);
  const links = await sql<{ detail: string }>`
    select format('promotion award %s (%s) is paid but transaction %s does not carry its key', a.id, a.key,
      a.ledger_transaction_id) as detail
    from promotion_awards a left join ledger_transactions t on t.id = a.ledger_transaction_id
    where a.status = 'paid' and (t.id is null or t.idempotency_key <> a.key) limit ${limit}`.execute(db);
  const bonuses = await sql<{ detail: string }>`
    select format('bonus %s (%s, %s): granted %s / posted %s, settled %s / posted %s', b.id, b.status, b.currency,
      b.amount_e8, coalesce(g.posted, 0), coalesce(b.settled_e8, 0), coalesce(s.posted, 0)) as detail
    from player_bonuses b
    left join lateral (select sum(e.amount_e8) as posted from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.code = 'bonus:' || b.user_id
      where t.idempotency_key = 'bonus:' || b.id || ':grant') g on true
    left join lateral (select -sum(e.amount_e8) as posted from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.code = 'bonus:' || b.user_id
      where t.idempotency_key in ('bonus:' || b.id || ':convert', 'bonus:' || b.id || ':forfeited', 'bonus:' || b.id || ':expired')) s on true
    where b.amount_e8 <> coalesce(g.posted, 0) or coalesce(b.settled_e8, 0) <> coalesce(s.posted, 0)
    limit ${limit}`.execute(db);
  return [
    ...bonuses.rows.map((row) => ({ check: 'every bonus is granted and settled in the ledger', detail: row.detail })),
    ...totals.rows.map((row) => ({
      check: "every promotion's paid total equals its ledger postings",
      detail: row.detail,
    })),
    ...links.rows.map((row) => ({
      check: 'every paid promotion award has its ledger transaction',
      detail: row.detail,
    })),
  ];
}
