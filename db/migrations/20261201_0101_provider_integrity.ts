import { sql, type Kysely } from 'kysely';

/**
 * What keeps a provider's signed calls from creating money (issue #40; docs/providers.md "What the wallet refuses"):
 * - `provider_games.max_multiplier`: the game's declared maximum payout as a multiple of its round's stakes; a win
 *   past it is refused and `ledger:check` flags a round that holds more. Games configured before it get 5000x
 *   (a common slot cap) until an operator sets theirs.
 * - `providers.paused_at` / `paused_reason`: the payout breaker; a paused provider takes no new bets (wins and
 *   rollbacks still settle) until an operator resumes it.
 * - `provider_transactions_hour_idx`: the breaker's rolling hour of one provider's movements.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table provider_games add column max_multiplier numeric(12, 2)`.execute(db);
  await sql`update provider_games set max_multiplier = 5000`.execute(db);
  await sql`alter table provider_games alter column max_multiplier set not null,
    add constraint provider_games_max_multiplier_range check (max_multiplier >= 1 and max_multiplier <= 1000000)`.execute(
    db,
  );
  await sql`alter table providers add column paused_at timestamptz, add column paused_reason text
    check (paused_reason is null or length(paused_reason) <= 500)`.execute(db);
  await sql`create index provider_transactions_hour_idx on provider_transactions (provider_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index provider_transactions_hour_idx`.execute(db);
  await sql`alter table providers drop column paused_at, drop column paused_reason`.execute(db);
  await sql`alter table provider_games drop column max_multiplier`.execute(db);
}
