import { sql, type Kysely } from 'kysely';

/**
 * Bonuses with a wagering requirement (issue #42): a promotion of kind 'bonus' with its terms in bonus_terms, and the
 * bonuses players hold in player_bonuses. The bonus money sits in the player's own `bonus:<id>` ledger account (not
 * withdrawable: no withdrawal reads it); it moves to cash in one transaction on completion, or back to
 * house:promotions on expiry or forfeiture. At most one active bonus per player (partial unique index); one bonus per
 * player and offer. bonus_wagers counts each settled bet once per bonus.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotions drop constraint promotions_kind_check`.execute(db);
  await sql`alter table promotions add constraint promotions_kind_check
    check (kind in ('race', 'code', 'reload', 'bonus'))`.execute(db);

  await sql`
    create table bonus_terms (
      promotion_id bigint primary key references promotions(id) on delete restrict,
      kind text not null check (kind in ('deposit-match', 'fixed')),
      match_ppm integer check (match_ppm between 1 and 10000000),
      max_bonus_e8 bigint check (max_bonus_e8 > 0),
      fixed_e8 bigint check (fixed_e8 > 0),
      wagering_multiple integer not null check (wagering_multiple between 1 and 200),
      game_weights_ppm jsonb not null default '{}',
      default_weight_ppm integer not null check (default_weight_ppm between 0 and 1000000),
      max_stake_e8 bigint not null check (max_stake_e8 > 0),
      expiry_hours integer not null check (expiry_hours between 1 and 8760),
      stake_order text not null check (stake_order in ('cash-first', 'bonus-first')),
      constraint bonus_terms_kind check (
        (kind = 'fixed' and fixed_e8 is not null) or (kind = 'deposit-match' and match_ppm is not null and max_bonus_e8 is not null))
    )`.execute(db);

  await sql`
    create table player_bonuses (
      id bigserial primary key,
      promotion_id bigint not null references promotions(id) on delete restrict,
      user_id integer not null references users(id) on delete restrict,
      currency text not null check (currency in ('USD', 'BZU')),
      amount_e8 bigint not null check (amount_e8 > 0),
      requirement_e8 bigint not null check (requirement_e8 > 0),
      wagered_e8 bigint not null default 0 check (wagered_e8 >= 0),
      deposit_id bigint references deposits(id) on delete restrict,
      status text not null default 'active' check (status in ('active', 'converted', 'forfeited', 'expired')),
      settled_e8 bigint check (settled_e8 >= 0),
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      settled_at timestamptz,
      unique (promotion_id, user_id),
      constraint player_bonuses_settled check ((status = 'active') = (settled_at is null))
    )`.execute(db);
  await sql`create unique index player_bonuses_one_active on player_bonuses (user_id) where status = 'active'`.execute(
    db,
  );
  await sql`create index player_bonuses_expiry on player_bonuses (expires_at) where status = 'active'`.execute(db);

  await sql`
    create table bonus_wagers (
      bonus_id bigint not null references player_bonuses(id) on delete restrict,
      bet_id bigint not null,
      weighted_e8 bigint not null check (weighted_e8 >= 0),
      primary key (bonus_id, bet_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table bonus_wagers`.execute(db);
  await sql`drop table player_bonuses`.execute(db);
  await sql`drop table bonus_terms`.execute(db);
  await sql`alter table promotions drop constraint promotions_kind_check`.execute(db);
  await sql`alter table promotions add constraint promotions_kind_check check (kind in ('race', 'code', 'reload'))`.execute(
    db,
  );
}
