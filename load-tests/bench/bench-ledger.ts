/**
 * What the benches that compare the platform with a bare peer share: funded accounts with sessions (made up front,
 * outside the measured path), and the bare peer's hand-written ledger posting (guarded balance updates and entries,
 * the shape of the platform's LedgerService) over plain `pg`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/client.js';
import type { LedgerService } from '../../server/src/domain/wallet/ledger.service.js';

/**
 * Users with a live session and a funded USD account (`fundsUsd` each; a million by default, so bets never run dry);
 * `prefix` keeps the platform's and the bare peer's apart.
 */
export async function makeAccounts(
  db: Db,
  ledger: LedgerService,
  prefix: string,
  count: number,
  fundsUsd = 1_000_000n,
): Promise<{ ids: number[]; tokens: string[] }> {
  const ids: number[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = `${prefix}${i}`;
    const { rows } = await sql<{ id: number }>`
      insert into users (login_name, public_username, email, password_hash, email_verified_at)
      values (${name}, ${name}, ${`${name}@bench.test`}, 'x', now()) returning id`.execute(db);
    const id = rows[0]!.id;
    const token = randomBytes(24).toString('hex');
    await sql`
      insert into sessions (user_id, token_hash, expires_at)
      values (${id}, ${createHash('sha256').update(token).digest('hex')}, now() + interval '1 day')`.execute(db);
    await ledger.post({
      key: `bench-fund:${id}`,
      kind: 'deposit',
      userId: id,
      legs: [
        { account: { house: 'deposits' }, currency: 'USD', amount: -fundsUsd * 100_000_000n },
        { account: { user: id }, currency: 'USD', amount: fundsUsd * 100_000_000n },
      ],
    });
    ids.push(id);
    tokens.push(token);
  }
  return { ids, tokens };
}

/**
 * The bare peer's ledger: account ids by code (USD), a house account by code on demand (`house:games`, or a shard of
 * it), and one posting in the caller's transaction.
 */
export async function bareLedger(pool: pg.Pool) {
  const accountIds = new Map<string, string>();
  const { rows } = await pool.query<{ id: string; code: string }>(
    `select id, code from ledger_accounts where currency = 'USD'`,
  );
  for (const row of rows) accountIds.set(row.code, row.id);
  const houseAccount = async (client: pg.PoolClient, code = 'house:games') => {
    const known = accountIds.get(code);
    if (known) return known;
    const created = await client.query<{ id: string }>(
      `insert into ledger_accounts (code, currency, kind) values ($1, 'USD', 'house')
       on conflict (code, currency) do update set code = excluded.code returning id`,
      [code],
    );
    accountIds.set(code, created.rows[0]!.id);
    return created.rows[0]!.id;
  };
  const houseGames = (client: pg.PoolClient) => houseAccount(client);
  async function post(client: pg.PoolClient, key: string, userId: number, legs: [string, bigint][]): Promise<void> {
    const { rows: tx } = await client.query<{ id: string }>(
      `insert into ledger_transactions (idempotency_key, kind, user_id, memo) values ($1, 'bet', $2, '{}') returning id`,
      [key, userId],
    );
    const sorted = [...legs].sort((a, b) => (BigInt(a[0]) < BigInt(b[0]) ? -1 : 1));
    const entries: unknown[] = [];
    for (const [accountId, delta] of sorted) {
      const updated = await client.query<{ balance_e8: string }>(
        `update ledger_accounts set balance_e8 = balance_e8 + $2::bigint, updated_at = now()
         where id = $1 and (kind = 'house' or balance_e8 + $2::bigint >= 0) returning balance_e8`,
        [accountId, delta.toString()],
      );
      if (updated.rowCount === 0) throw Object.assign(new Error('insufficient'), { status: 409 });
      entries.push(tx[0]!.id, accountId, 'USD', delta.toString(), updated.rows[0]!.balance_e8);
    }
    await client.query(
      `insert into ledger_entries (transaction_id, account_id, currency, amount_e8, balance_after_e8) values ${sorted
        .map((_, i) => `($${i * 5 + 1}, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5})`)
        .join(', ')}`,
      entries,
    );
  }
  return { accountIds, houseAccount, houseGames, post };
}
