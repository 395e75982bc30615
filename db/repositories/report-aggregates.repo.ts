import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

/** A house game's family (its catalogue category): bets carry only the slug. */
export interface GameFamily {
  slug: string;
  family: string;
}

/** Bets of this house "provider" are the originals and round games; sports bets are the sportsbook's. */
export const HOUSE_PROVIDER = 'originals';
export const SPORTSBOOK_PROVIDER = 'sportsbook';
const PROMOTIONS_ACCOUNT = 'house:promotions';

/**
 * Rewrites one UTC day's report aggregates from the day's bets, provider rounds, sports bets, deposits, payouts,
 * ledger and burns, in one transaction: the day's old rows go and the new ones come in together, so a rerun (a
 * retried job, two workers) leaves the same rows. Reads only that day, by the indexes of migration 20261202_0501.
 */
export async function refreshReportDay(db: Executor, day: string, families: GameFamily[]): Promise<void> {
  const familyRows = families.length
    ? sql.join(families.map((f) => sql`(${f.slug}::text, ${f.family}::text)`))
    : sql`(null::text, null::text)`;
  await db.transaction().execute(async (trx) => {
    // Two refreshes of one day queue here instead of interleaving their deletes and inserts.
    await sql`select pg_advisory_xact_lock(hashtext('report-day'), (${day}::date - date '2000-01-01'))`.execute(trx);
    for (const table of ['report_game_days', 'report_money_days', 'report_player_days'] as const) {
      await trx.deleteFrom(table).where('day', '=', day).execute();
    }
    await sql`
      with span as (select ${day}::date::timestamp at time zone 'UTC' as lo, (${day}::date + 1)::timestamp at time zone 'UTC' as hi),
      families(slug, family) as (values ${familyRows}),
      house as (
        select b.currency, ${HOUSE_PROVIDER}::text as provider, b.game, coalesce(f.family, 'originals') as family,
          count(*) as bets, sum(b.amount_e8) as stake, sum(b.payout_e8) as payout,
          sum(b.payout_e8::float8 / b.amount_e8) filter (where b.amount_e8 > 0) as r1,
          sum((b.payout_e8::float8 / b.amount_e8) ^ 2) filter (where b.amount_e8 > 0) as r2
        from bets b cross join span left join families f on f.slug = b.game
        where b.state <> 'open' and b.settled_at >= span.lo and b.settled_at < span.hi
        group by b.currency, b.game, f.family
      ),
      -- A provider round: its bets less those rolled back, and its wins, counted on the day of its transactions.
      provider_moves as (
        select p.provider_id, p.game_id, p.currency, p.user_id, p.round_id, p.kind, p.amount_e8
        from provider_transactions p cross join span
        where p.created_at >= span.lo and p.created_at < span.hi and p.kind in ('bet', 'win')
          and not exists (
            select 1 from provider_transactions r
            where r.kind = 'rollback' and r.provider_id = p.provider_id and r.reference_transaction_id = p.transaction_id)
      ),
      provider_rounds as (
        select provider_id, game_id, currency, user_id, round_id,
          coalesce(sum(amount_e8) filter (where kind = 'bet'), 0) as stake,
          coalesce(sum(amount_e8) filter (where kind = 'win'), 0) as payout
        from provider_moves group by 1, 2, 3, 4, 5
      ),
      provider as (
        select r.currency, r.provider_id as provider, r.game_id as game, coalesce(g.category, 'unknown') as family,
          count(*) filter (where r.stake > 0) as bets, sum(r.stake) as stake, sum(r.payout) as payout,
          sum(r.payout::float8 / r.stake) filter (where r.stake > 0) as r1,
          sum((r.payout::float8 / r.stake) ^ 2) filter (where r.stake > 0) as r2
        from provider_rounds r left join provider_games g on g.provider_id = r.provider_id and g.game_id = r.game_id
        group by r.currency, r.provider_id, r.game_id, g.category
      ),
      sportsbook as (
        select s.currency, ${SPORTSBOOK_PROVIDER}::text as provider, 'sports'::text as game, 'sports'::text as family,
          count(*) as bets, sum(s.stake_e8) as stake, sum(s.paid_e8) as payout,
          sum(s.paid_e8::float8 / s.stake_e8) filter (where s.stake_e8 > 0) as r1,
          sum((s.paid_e8::float8 / s.stake_e8) ^ 2) filter (where s.stake_e8 > 0) as r2
        from sports_bets s cross join span
        where s.status <> 'open' and s.settled_at >= span.lo and s.settled_at < span.hi
        group by s.currency
      )
      insert into report_game_days (day, currency, provider, game, family, bets, stake_e8, payout_e8, ratio_sum, ratio_sq_sum)
      select ${day}::date, currency, provider, game, family, bets, stake, payout, coalesce(r1, 0), coalesce(r2, 0)
      from (select * from house union all select * from provider union all select * from sportsbook) g
      where bets > 0 or stake <> 0 or payout <> 0`.execute(trx);
    await sql`
      with span as (select ${day}::date::timestamp at time zone 'UTC' as lo, (${day}::date + 1)::timestamp at time zone 'UTC' as hi),
      currencies(currency) as (values ('USD'::text), ('BZU'::text)),
      deposits as (
        select d.currency, sum(d.amount_e8) as amount, count(*) as n from deposits d cross join span
        where d.status = 'CREDITED' and d.credited_at >= span.lo and d.credited_at < span.hi group by d.currency
      ),
      payouts as (
        select w.currency, sum(w.amount_e8) as amount, count(*) as n from withdrawals w cross join span
        where w.status in ('SENT', 'CONFIRMED') and w.sent_at >= span.lo and w.sent_at < span.hi group by w.currency
      ),
      -- What the house paid out of its rakeback and rain accounts (reversals net off), read by the kinds' index.
      house_paid as (
        select e.currency,
          -sum(e.amount_e8) filter (where a.code = 'house:rakeback') as rakeback,
          sum(e.amount_e8) filter (where a.code = 'house:rain' and t.kind = 'rain-funding') as tips
        from ledger_transactions t cross join span
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
        where t.created_at >= span.lo and t.created_at < span.hi
          and t.kind in ('rakeback-accrual', 'rakeback-reversal', 'rain-funding')
        group by e.currency
      ),
      -- Promotions (another module's): what its house account paid out that day, if the account exists.
      promotions as (
        select e.currency, -sum(e.amount_e8) as paid
        from ledger_accounts a cross join span
        join ledger_entries e on e.account_id = a.id
        join ledger_transactions t on t.id = e.transaction_id
        where a.code = ${PROMOTIONS_ACCOUNT} and t.created_at >= span.lo and t.created_at < span.hi
        group by e.currency
      ),
      burns as (
        select coalesce(sum(coalesce(b.usd_spent_e8, b.usd_value_e8)), 0) as usd, coalesce(sum(b.amount_e8), 0) as bzu
        from token_burns b cross join span where b.created_at >= span.lo and b.created_at < span.hi
      )
      insert into report_money_days (day, currency, deposits_e8, deposits, withdrawals_e8, withdrawals, rakeback_e8,
        promotions_e8, house_tips_e8, burn_usd_e8, burned_bzu_e8)
      select ${day}::date, c.currency, coalesce(d.amount, 0), coalesce(d.n, 0), coalesce(w.amount, 0), coalesce(w.n, 0),
        coalesce(h.rakeback, 0), coalesce(p.paid, 0), coalesce(h.tips, 0),
        case when c.currency = 'USD' then b.usd else 0 end, case when c.currency = 'USD' then b.bzu else 0 end
      from currencies c cross join burns b
      left join deposits d on d.currency = c.currency
      left join payouts w on w.currency = c.currency
      left join house_paid h on h.currency = c.currency
      left join promotions p on p.currency = c.currency`.execute(trx);
    await sql`
      with span as (select ${day}::date::timestamp at time zone 'UTC' as lo, (${day}::date + 1)::timestamp at time zone 'UTC' as hi),
      seen as (
        select b.user_id, true as played, false as deposited, false as is_new from bets b cross join span
        where b.state <> 'open' and b.settled_at >= span.lo and b.settled_at < span.hi
        union all
        select p.user_id, true, false, false from provider_transactions p cross join span
        where p.kind = 'bet' and p.created_at >= span.lo and p.created_at < span.hi
        union all
        select s.user_id, true, false, false from sports_bets s cross join span
        where s.status <> 'open' and s.settled_at >= span.lo and s.settled_at < span.hi
        union all
        select d.user_id, false, true, false from deposits d cross join span
        where d.status = 'CREDITED' and d.credited_at >= span.lo and d.credited_at < span.hi
        union all
        select u.id, false, false, true from users u cross join span
        where u.created_at >= span.lo and u.created_at < span.hi and u.role = 'user'
      )
      insert into report_player_days (day, user_id, played, deposited, is_new)
      select ${day}::date, user_id, bool_or(played), bool_or(deposited), bool_or(is_new) from seen group by user_id`.execute(
      trx,
    );
  });
}
