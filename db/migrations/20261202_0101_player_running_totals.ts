import { sql, type Kysely } from 'kysely';

/**
 * Running totals for the per-player figures pages read on every visit (issue 47, point 5): a soak showed the raffle's
 * own figures growing with the player's bets of the day, and the profile's stats and VIP rakeback with their whole
 * history. Each figure is now a sum over a handful of rows, whatever the player's history.
 *
 * - player_wager_minutes: what a player wagered per UTC minute and currency: the originals' and round games' settled
 *   bets (by settled_at) and the studios' bets (by created_at, less a rollback's bet). A period's wagers are its full
 *   minutes' rows plus the raw rows of its two partial minutes (raffle.repo.ts).
 * - player_game_totals: a player's settled bets per game and currency: count, staked and profit (the profile's stats).
 * - player_rakeback_totals: a player's bet_economy rows summed per currency: rakeback accrued and wagered.
 *
 * Triggers keep them, in the transaction that writes the rows, so they cannot drift from the rows they sum: a row
 * trigger for a bet that arrives settled and a studio's call (one row each), a statement trigger with transition
 * tables for updates, so a round's settlement (one UPDATE over every bet of the round) costs one upsert per player
 * and minute, not one per row. An update applies the difference between the old and the new rows, so any change to a
 * settled bet (a round's result written into its outcome, say) keeps the sums exact. Bulk loads that switch triggers
 * off (db/seed-growth.ts) fill the tables themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table player_wager_minutes (
      user_id integer not null,
      minute timestamptz not null,
      currency text not null,
      wagered_e8 bigint not null,
      primary key (user_id, minute, currency)
    )`.execute(db);
  await sql`
    create table player_game_totals (
      user_id integer not null,
      game text not null,
      currency text not null,
      bets bigint not null,
      wagered_e8 bigint not null,
      profit_e8 bigint not null,
      primary key (user_id, game, currency)
    )`.execute(db);
  await sql`
    create table player_rakeback_totals (
      user_id integer not null,
      currency text not null,
      accrued_e8 bigint not null,
      wagered_e8 bigint not null,
      primary key (user_id, currency)
    )`.execute(db);

  // An update (a round settling every bet of it in one statement, a multi-step round's last action) adds its new
  // settled rows and takes its old ones back out, one upsert per player and minute for the whole statement.
  // A bet row arrives settled one at a time (an instant bet): a row trigger costs two single-row upserts and nothing
  // for a round's open bet (the WHEN clause skips the call).
  await sql`
    create function bets_totals_on_insert() returns trigger language plpgsql as $fn$
    begin
      insert into player_game_totals as t (user_id, game, currency, bets, wagered_e8, profit_e8)
      values (new.user_id, new.game, new.currency, 1, new.amount_e8, coalesce(new.payout_e8, 0) - new.amount_e8)
      on conflict (user_id, game, currency) do update
        set bets = t.bets + 1, wagered_e8 = t.wagered_e8 + excluded.wagered_e8, profit_e8 = t.profit_e8 + excluded.profit_e8;
      insert into player_wager_minutes as t (user_id, minute, currency, wagered_e8)
      values (new.user_id, date_trunc('minute', new.settled_at), new.currency, new.amount_e8)
      on conflict (user_id, minute, currency) do update set wagered_e8 = t.wagered_e8 + excluded.wagered_e8;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create function bets_totals_on_update() returns trigger language plpgsql as $fn$
    begin
      -- Most updates touch open bets only (a mines reveal, a round's join): nothing to apply.
      if not exists (select 1 from new_bets where state <> 'open') and not exists (select 1 from old_bets where state <> 'open') then
        return null;
      end if;
      insert into player_game_totals as t (user_id, game, currency, bets, wagered_e8, profit_e8)
      select user_id, game, currency, sum(sign), sum(sign * amount_e8), sum(sign * (coalesce(payout_e8, 0) - amount_e8))
      from (
        select user_id, game, currency, 1 as sign, amount_e8, payout_e8 from new_bets where state <> 'open'
        union all
        select user_id, game, currency, -1, amount_e8, payout_e8 from old_bets where state <> 'open'
      ) d
      group by user_id, game, currency
      having sum(sign) <> 0 or sum(sign * amount_e8) <> 0 or sum(sign * (coalesce(payout_e8, 0) - amount_e8)) <> 0
      order by user_id, game, currency
      on conflict (user_id, game, currency) do update
        set bets = t.bets + excluded.bets, wagered_e8 = t.wagered_e8 + excluded.wagered_e8,
            profit_e8 = t.profit_e8 + excluded.profit_e8;
      insert into player_wager_minutes as t (user_id, minute, currency, wagered_e8)
      select user_id, minute, currency, sum(signed)
      from (
        select user_id, date_trunc('minute', settled_at) as minute, currency, amount_e8 as signed
        from new_bets where state <> 'open'
        union all
        select user_id, date_trunc('minute', settled_at), currency, -amount_e8 from old_bets where state <> 'open'
      ) d
      group by user_id, minute, currency
      having sum(signed) <> 0
      order by user_id, minute, currency
      on conflict (user_id, minute, currency) do update set wagered_e8 = t.wagered_e8 + excluded.wagered_e8;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger bets_totals_insert after insert on bets
    for each row when (new.state <> 'open') execute function bets_totals_on_insert()`.execute(db);
  await sql`
    create trigger bets_totals_update after update on bets referencing old table as old_bets new table as new_bets
    for each statement execute function bets_totals_on_update()`.execute(db);

  // A studio's bet counts when it arrives; its rollback takes the bet's amount back out of the bet's own minute.
  await sql`
    create function provider_wagers_on_insert() returns trigger language plpgsql as $fn$
    begin
      insert into player_wager_minutes as t (user_id, minute, currency, wagered_e8)
      select b.user_id, date_trunc('minute', b.created_at), b.currency,
             case when new.kind = 'bet' then b.amount_e8 else -b.amount_e8 end
      from provider_transactions b
      where b.provider_id = new.provider_id and b.kind = 'bet'
        and b.transaction_id = case when new.kind = 'bet' then new.transaction_id else new.reference_transaction_id end
      on conflict (user_id, minute, currency) do update set wagered_e8 = t.wagered_e8 + excluded.wagered_e8;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger provider_transactions_wagers after insert on provider_transactions
    for each row when (new.kind in ('bet', 'rollback')) execute function provider_wagers_on_insert()`.execute(db);

  await sql`
    create function bet_economy_totals() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'INSERT' then
        insert into player_rakeback_totals as t (user_id, currency, accrued_e8, wagered_e8)
        select user_id, currency, sum(rakeback_e8), sum(wagered_e8) from new_rows
        group by user_id, currency order by user_id, currency
        on conflict (user_id, currency) do update
          set accrued_e8 = t.accrued_e8 + excluded.accrued_e8, wagered_e8 = t.wagered_e8 + excluded.wagered_e8;
      else
        update player_rakeback_totals t
        set accrued_e8 = t.accrued_e8 - d.accrued, wagered_e8 = t.wagered_e8 - d.wagered
        from (select user_id, currency, sum(rakeback_e8) as accrued, sum(wagered_e8) as wagered
              from old_rows group by user_id, currency) d
        where t.user_id = d.user_id and t.currency = d.currency;
      end if;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger bet_economy_totals_insert after insert on bet_economy referencing new table as new_rows
    for each statement execute function bet_economy_totals()`.execute(db);
  await sql`
    create trigger bet_economy_totals_delete after delete on bet_economy referencing old table as old_rows
    for each statement execute function bet_economy_totals()`.execute(db);

  // What is already there.
  await sql`
    insert into player_game_totals (user_id, game, currency, bets, wagered_e8, profit_e8)
    select user_id, game, currency, count(*), sum(amount_e8), sum(coalesce(payout_e8, 0) - amount_e8)
    from bets where state <> 'open' group by user_id, game, currency`.execute(db);
  await sql`
    insert into player_wager_minutes (user_id, minute, currency, wagered_e8)
    select user_id, minute, currency, sum(amount) from (
      select user_id, date_trunc('minute', settled_at) as minute, currency, amount_e8 as amount
      from bets where state <> 'open'
      union all
      select p.user_id, date_trunc('minute', p.created_at), p.currency, p.amount_e8 from provider_transactions p
      where p.kind = 'bet' and not exists (select 1 from provider_transactions r
        where r.provider_id = p.provider_id and r.kind = 'rollback' and r.reference_transaction_id = p.transaction_id)
    ) d group by user_id, minute, currency having sum(amount) <> 0`.execute(db);
  await sql`
    insert into player_rakeback_totals (user_id, currency, accrued_e8, wagered_e8)
    select user_id, currency, sum(rakeback_e8), sum(wagered_e8) from bet_economy group by user_id, currency`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger bet_economy_totals_delete on bet_economy`.execute(db);
  await sql`drop trigger bet_economy_totals_insert on bet_economy`.execute(db);
  await sql`drop function bet_economy_totals()`.execute(db);
  await sql`drop trigger provider_transactions_wagers on provider_transactions`.execute(db);
  await sql`drop function provider_wagers_on_insert()`.execute(db);
  await sql`drop trigger bets_totals_update on bets`.execute(db);
  await sql`drop trigger bets_totals_insert on bets`.execute(db);
  await sql`drop function bets_totals_on_update()`.execute(db);
  await sql`drop function bets_totals_on_insert()`.execute(db);
  await sql`drop table player_rakeback_totals`.execute(db);
  await sql`drop table player_game_totals`.execute(db);
  await sql`drop table player_wager_minutes`.execute(db);
}
