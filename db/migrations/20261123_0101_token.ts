import { sql, type Kysely } from 'kysely';

/**
 * BZU: fixed maximum supply minted at genesis, burns, the platform's BZU/USD constant-product pool,
 * pool swaps (trading comes later) and the price history the worker records every 20 s.
 * Genesis values are read once, here, from the environment (migrations import no app code).
 */
function unitsFromEnv(name: string, fallback: string): bigint {
  const text = (process.env[name] ?? fallback).trim();
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) throw new Error(`${name} must be a positive decimal with at most 8 decimals, got "${text}"`);
  const value = BigInt(match[1]!) * 100_000_000n + BigInt((match[2] ?? '').padEnd(8, '0'));
  if (value <= 0n && name !== 'BZU_LOCKED_SUPPLY') throw new Error(`${name} must be positive`);
  return value;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const maxSupply = unitsFromEnv('BZU_MAX_SUPPLY', '1000000000');
  const locked = unitsFromEnv('BZU_LOCKED_SUPPLY', '400000000');
  const poolBzu = unitsFromEnv('BZU_POOL_RESERVE_BZU', '10000000');
  const poolUsd = unitsFromEnv('BZU_POOL_RESERVE_USD', '250000');
  if (locked + poolBzu > maxSupply) throw new Error('BZU_LOCKED_SUPPLY + BZU_POOL_RESERVE_BZU exceed BZU_MAX_SUPPLY');

  await db.schema
    .createTable('token_supply')
    .addColumn('symbol', 'text', (col) => col.primaryKey())
    .addColumn('max_supply_e8', 'bigint', (col) => col.notNull().check(sql`max_supply_e8 > 0`))
    .addColumn('locked_e8', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`locked_e8 >= 0`),
    )
    .addColumn('burned_e8', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`burned_e8 >= 0`),
    )
    .addColumn('genesis_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('token_supply_burn_within_max', sql`burned_e8 + locked_e8 <= max_supply_e8`)
    .execute();

  await db.schema
    .createTable('token_pools')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('reserve_bzu_e8', 'bigint', (col) => col.notNull().check(sql`reserve_bzu_e8 > 0`))
    .addColumn('reserve_usd_e8', 'bigint', (col) => col.notNull().check(sql`reserve_usd_e8 > 0`))
    .addColumn('fee_bps', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(30)
        .check(sql`fee_bps between 0 and 1000`),
    )
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('token_swaps')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('pool_id', 'text', (col) => col.notNull().references('token_pools.id'))
    .addColumn('side', 'text', (col) => col.notNull().check(sql`side in ('buy', 'sell')`))
    .addColumn('bzu_amount_e8', 'bigint', (col) => col.notNull().check(sql`bzu_amount_e8 > 0`))
    .addColumn('usd_amount_e8', 'bigint', (col) => col.notNull().check(sql`usd_amount_e8 > 0`))
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('token_swaps_created_at_idx').on('token_swaps').column('created_at').execute();

  await db.schema
    .createTable('token_burns')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('amount_e8', 'bigint', (col) => col.notNull().check(sql`amount_e8 > 0`))
    .addColumn('usd_value_e8', 'bigint', (col) => col.notNull().check(sql`usd_value_e8 >= 0`))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('token_burns_created_at_idx').on('token_burns').column('created_at').execute();

  await db.schema
    .createTable('token_prices')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    // The 20 s tick the snapshot belongs to: unique, so a job that runs twice stores one row.
    .addColumn('slot_at', 'timestamptz', (col) => col.notNull().unique())
    .addColumn('price_e8', 'bigint', (col) => col.notNull().check(sql`price_e8 > 0`))
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('change_24h', sql`numeric(12, 4)`, (col) => col.notNull())
    .addColumn('market_cap_e8', sql`numeric(38, 0)`, (col) => col.notNull())
    .addColumn('volume_24h_e8', sql`numeric(38, 0)`, (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db
    .insertInto('token_supply' as never)
    .values({ symbol: 'BZU', max_supply_e8: maxSupply.toString(), locked_e8: locked.toString() } as never)
    .execute();
  await db
    .insertInto('token_pools' as never)
    .values({ id: 'BZU/USD', reserve_bzu_e8: poolBzu.toString(), reserve_usd_e8: poolUsd.toString() } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['token_prices', 'token_burns', 'token_swaps', 'token_pools', 'token_supply']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
