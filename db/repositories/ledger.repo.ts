import { sql, type Kysely } from 'kysely';
import { precompiled } from '../precompiled.js';
import type { Database } from '../schema.js';
import type { LedgerCurrency } from '../wallet-tables.js';
import { promotionLedgerProblems } from './promotion-reports.repo.js';
import { providerConservationProblems } from './providers.repo.js';

type Executor = Kysely<Database>;

export interface AccountKey {
  code: string;
  currency: LedgerCurrency;
  kind: 'user' | 'house';
  userId: number | null;
}

/**
 * Returns every requested account's id, creating the ones that do not exist yet. Accounts are created once and read
 * on every posting, so the common case is one SELECT; the INSERT runs only for accounts still missing.
 */
export async function ensureAccounts(db: Executor, keys: AccountKey[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (keys.length === 0) return ids;
  const select = () =>
    db
      .selectFrom('ledger_accounts')
      .select(['id', 'code', 'currency'])
      .where((eb) => eb.or(keys.map((key) => eb.and([eb('code', '=', key.code), eb('currency', '=', key.currency)]))))
      .execute();
  for (const row of await select()) ids.set(`${row.code}/${row.currency}`, String(row.id));
  const missing = keys.filter((key) => !ids.has(`${key.code}/${key.currency}`));
  if (missing.length === 0) return ids;
  await db
    .insertInto('ledger_accounts')
    .values(missing.map((key) => ({ code: key.code, currency: key.currency, kind: key.kind, user_id: key.userId })))
    .onConflict((oc) => oc.columns(['code', 'currency']).doNothing())
    .execute();
  for (const row of await select()) ids.set(`${row.code}/${row.currency}`, String(row.id));
  return ids;
}

/** Inserts the transaction headers; answers key -> id for the keys that were new (a used key is left as it was). */
export async function insertTransactions(
  db: Executor,
  inputs: { key: string; kind: string; userId: number | null; memo: Record<string, unknown> }[],
): Promise<Map<string, string>> {
  const rows = await db
    .insertInto('ledger_transactions')
    .values(
      inputs.map((input) => ({
        idempotency_key: input.key,
        kind: input.kind,
        user_id: input.userId,
        memo: JSON.stringify(input.memo),
      })),
    )
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning(['id', 'idempotency_key'])
    .execute();
  return new Map(rows.map((row) => [row.idempotency_key, String(row.id)]));
}

export interface NewEntry {
  accountId: string;
  currency: LedgerCurrency;
  amount: bigint;
  balanceAfter: bigint;
}

/**
 * An account a statement changes with the entries it writes (insertNewTransactions `lastAccount`): never refused.
 * `events`: outbox rows the same statement writes (the balance-updates of the posting), each with its coalesce key.
 */
export interface MergedAccountChange {
  accountId: string;
  delta: bigint;
  events: { type: string; payload: unknown; coalesceKey: string }[];
}

/**
 * Transactions whose keys are new by construction (a bet's, named after the bet row just inserted), headers and
 * entries in one statement, entries in the order given; a key that exists fails the statement (and the caller's
 * transaction) instead of being skipped. Answers key -> id, and the ids of `lastAccount.events` by coalesce key.
 *
 * `lastAccount`: a house account changed by the same statement (the bet path's `house:games`, which every bet locks):
 * its row lock is then held for this statement and the commit only, not for one more round trip through the event
 * loop, where every other bet queues behind it. Its entries' `balanceAfter` are relative to its new balance (0 for
 * the last posting's).
 */
export async function insertNewTransactions(
  db: Executor,
  headers: { key: string; kind: string; userId: number | null; memo: Record<string, unknown> }[],
  entries: (NewEntry & { key: string })[],
  lastAccount?: MergedAccountChange,
): Promise<{ ids: Map<string, string>; eventIds: Map<string, string> }> {
  const headerRows = sql.join(
    headers.map((h) => sql`(${h.key}, ${h.kind}, ${h.userId}::int, ${JSON.stringify(h.memo)}::jsonb)`),
  );
  const entryRows = sql.join(
    entries.map(
      (e, order) =>
        sql`(${e.key}, ${e.accountId}::bigint, ${e.currency}::text, ${e.amount.toString()}::bigint, ${e.balanceAfter.toString()}::bigint, ${order}::int)`,
    ),
  );
  // Without a merged account, h is one row that matches no entry; a values list needs a row, and one whose type is
  // null inserts no event.
  const merged = lastAccount
    ? sql`update ledger_accounts set balance_e8 = balance_e8 + ${lastAccount.delta.toString()}::bigint, updated_at = now()
        where id = ${lastAccount.accountId}::bigint and kind = 'house' returning id, balance_e8`
    : sql`select null::bigint as id, 0::bigint as balance_e8`;
  const events = lastAccount?.events ?? [];
  const eventRows = sql.join(
    events.length > 0
      ? events.map(
          (event) => sql`(${event.type}::text, ${JSON.stringify(event.payload)}::jsonb, ${event.coalesceKey}::text)`,
        )
      : [sql`(null::text, null::jsonb, null::text)`],
  );
  const { rows } = await sql<{
    id: string;
    idempotency_key: string;
    merged: number;
    events: [string, string][] | null;
  }>`
    with h as (${merged}), t as (
      insert into ledger_transactions (idempotency_key, kind, user_id, memo) values ${headerRows}
      returning id, idempotency_key
    ), e as (
      insert into ledger_entries (transaction_id, account_id, currency, amount_e8, balance_after_e8)
      select t.id, v.account_id, v.currency, v.amount, case when v.account_id = h.id then h.balance_e8 + v.balance_after else v.balance_after end
      from (values ${entryRows}) as v(key, account_id, currency, amount, balance_after, ord)
      join t on t.idempotency_key = v.key
      cross join h
      order by v.ord
      returning 1
    ), o as (
      insert into event_outbox (type, payload, coalesce_key)
      select v.type, v.payload, v.coalesce_key from (values ${eventRows}) as v(type, payload, coalesce_key) cross join h where v.type is not null
      returning id, coalesce_key
    )
    select t.id::text as id, t.idempotency_key, (select count(*) from h)::int as merged, (select count(*) from e) as entries,
      (select json_agg(json_build_array(o.coalesce_key, o.id::text)) from o) as events
    from t`.execute(db);
  // No house row changed: nothing was written either (e and o join h); the caller's transaction must not commit
  // headers without their entries.
  if (lastAccount && rows[0]?.merged !== 1)
    throw new Error(`insertNewTransactions: ${lastAccount.accountId} is not a house account`);
  return {
    ids: new Map(rows.map((row) => [row.idempotency_key, String(row.id)])),
    eventIds: new Map(rows[0]?.events ?? []),
  };
}

/**
 * Several guarded updates at once (see applyDelta): the rows are locked first, users before houses and each by id
 * (the order every posting locks in), then changed in one statement. Answers id -> new balance; an account missing
 * from the answer was refused.
 */
export async function applyDeltas(
  db: Executor,
  changes: { accountId: string; delta: bigint; lowest: bigint }[],
): Promise<Map<string, bigint>> {
  const ids = changes.map((c) => c.accountId);
  await sql`select id from ledger_accounts where id = any(${ids}::bigint[]) order by kind = 'house', id for update`.execute(
    db,
  );
  const rows = sql.join(
    changes.map(
      (c) =>
        sql`(${c.accountId}::bigint, ${c.delta.toString()}::bigint, ${(c.lowest < c.delta ? c.lowest : c.delta).toString()}::bigint)`,
    ),
  );
  const { rows: updated } = await sql<{ id: string; balance_e8: string }>`
    update ledger_accounts a set balance_e8 = a.balance_e8 + v.delta, updated_at = now()
    from (values ${rows}) as v(id, delta, floor)
    where a.id = v.id and (a.kind = 'house' or a.balance_e8 + v.floor >= 0)
    returning a.id::text as id, a.balance_e8::text as balance_e8`.execute(db);
  return new Map(updated.map((row) => [String(row.id), BigInt(row.balance_e8)]));
}

export async function findTransactionByKey(db: Executor, key: string) {
  return db.selectFrom('ledger_transactions').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/**
 * The guarded update: adds `delta` unless that would take a user account below zero, at the end or at `lowest`, the
 * lowest point the account passes on the way (a stake taken before its payout is credited must be covered alone).
 * Returns the new balance, or undefined when refused (the caller rolls the whole transaction back).
 */
const APPLY_DELTA = precompiled<{ balance_e8: string }, [accountId: string, delta: bigint, floor: bigint]>(`
  update ledger_accounts set balance_e8 = balance_e8 + $2::bigint, updated_at = now()
  where id = $1 and (kind = 'house' or balance_e8 + $3::bigint >= 0)
  returning balance_e8`);

export async function applyDelta(
  db: Executor,
  accountId: string,
  delta: bigint,
  lowest: bigint = delta,
): Promise<bigint | undefined> {
  const [row] = await APPLY_DELTA.run(db, accountId, delta, lowest < delta ? lowest : delta);
  return row ? BigInt(row.balance_e8) : undefined;
}

export async function insertEntries(
  db: Executor,
  entries: {
    transactionId: string;
    accountId: string;
    currency: LedgerCurrency;
    amount: bigint;
    balanceAfter: bigint;
  }[],
): Promise<void> {
  await db
    .insertInto('ledger_entries')
    .values(
      entries.map((entry) => ({
        transaction_id: entry.transactionId,
        account_id: entry.accountId,
        currency: entry.currency,
        amount_e8: entry.amount,
        balance_after_e8: entry.balanceAfter,
      })),
    )
    .execute();
}

export async function accountBalances(db: Executor, code: string): Promise<Map<LedgerCurrency, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['currency', 'balance_e8'])
    .where('code', '=', code)
    .execute();
  return new Map(rows.map((row) => [row.currency, BigInt(row.balance_e8)]));
}

/** The balances of several accounts summed per currency: a sharded house account (house-shards.ts) read as one. */
export async function summedBalances(db: Executor, codes: readonly string[]): Promise<Map<LedgerCurrency, bigint>> {
  const { rows } = await sql<{ currency: LedgerCurrency; total: string }>`
    select currency, sum(balance_e8)::text as total from ledger_accounts where code = any(${codes}::text[])
    group by currency`.execute(db);
  return new Map(rows.map((row) => [row.currency, BigInt(row.total)]));
}

/** One currency's balance of many account codes in one read; a code without an account is absent. */
/** One text for any number of codes (an array, not an IN list): built once, and prepared (db/precompiled.ts). */
const BALANCES_OF_ACCOUNTS = precompiled<
  { code: string; balance_e8: string },
  [codes: string[], currency: LedgerCurrency]
>(`
  select code, balance_e8 from ledger_accounts where code = any($1::text[]) and currency = $2`);

export async function balancesOfAccounts(
  db: Executor,
  codes: string[],
  currency: LedgerCurrency,
): Promise<Map<string, bigint>> {
  if (codes.length === 0) return new Map();
  const rows = await BALANCES_OF_ACCOUNTS.run(db, codes, currency);
  return new Map(rows.map((row) => [row.code, BigInt(row.balance_e8)]));
}

export async function accountBalance(db: Executor, code: string, currency: LedgerCurrency): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_e8')
    .where('code', '=', code)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row ? BigInt(row.balance_e8) : 0n;
}

export interface StatementRow {
  entryId: string;
  transactionId: string;
  kind: string;
  currency: LedgerCurrency;
  amount: bigint;
  balanceAfter: bigint;
  memo: Record<string, unknown>;
  createdAt: Date;
}

/**
 * One account code's entries, newest first, keyset-paginated by entry id. The code's accounts (one per currency) are
 * found first and each walks its (account_id, id desc) index from the cursor for at most `limit` entries: joined on
 * the code instead, the planner read every entry of the account and sorted them (1.6 s for an account with 100,000
 * entries; flat now at any size, see docs/performance.md).
 */
export async function statement(
  db: Executor,
  code: string,
  options: { limit: number; beforeId?: string; currency?: LedgerCurrency },
): Promise<StatementRow[]> {
  const before = options.beforeId ? sql`and e.id < ${options.beforeId}` : sql``;
  const currency = options.currency ? sql`and a.currency = ${options.currency}` : sql``;
  const { rows } = await sql<{
    id: string;
    transaction_id: string;
    kind: string;
    currency: LedgerCurrency;
    amount_e8: string;
    balance_after_e8: string;
    memo: Record<string, unknown>;
    created_at: Date;
  }>`
    select e.id, e.transaction_id, t.kind, e.currency, e.amount_e8, e.balance_after_e8, t.memo, t.created_at
    from ledger_accounts a
    cross join lateral (
      select e.id, e.transaction_id, e.currency, e.amount_e8, e.balance_after_e8 from ledger_entries e
      where e.account_id = a.id ${before} order by e.id desc limit ${options.limit}
    ) e
    join ledger_transactions t on t.id = e.transaction_id
    where a.code = ${code} ${currency}
    order by e.id desc
    limit ${options.limit}`.execute(db);
  return rows.map((row) => ({
    entryId: String(row.id),
    transactionId: String(row.transaction_id),
    kind: row.kind,
    currency: row.currency,
    amount: BigInt(row.amount_e8),
    balanceAfter: BigInt(row.balance_after_e8),
    memo: row.memo,
    createdAt: new Date(row.created_at),
  }));
}

export interface LedgerProblem {
  check: string;
  detail: string;
}

/** Every invariant of the ledger and the tables that reserve or credit through it, checked in SQL. */
export async function findLedgerProblems(db: Executor, limit = 20): Promise<LedgerProblem[]> {
  const checks: { check: string; query: ReturnType<typeof sql<{ detail: string }>> }[] = [
    {
      check: 'the database enforces balanced transactions',
      query: sql`select 'trigger ledger_entries_balanced is missing or disabled' as detail
        where not exists (select 1 from pg_trigger where tgname = 'ledger_entries_balanced' and tgenabled <> 'D')`,
    },
    {
      check: 'transaction balances to zero per currency',
      query: sql`select format('transaction %s %s sums to %s', transaction_id, currency, sum(amount_e8)) as detail
        from ledger_entries group by transaction_id, currency having sum(amount_e8) <> 0 limit ${limit}`,
    },
    {
      check: 'transaction has entries',
      query: sql`select format('transaction %s (%s) has no entries', t.id, t.idempotency_key) as detail
        from ledger_transactions t where not exists (select 1 from ledger_entries e where e.transaction_id = t.id) limit ${limit}`,
    },
    {
      check: 'account balance equals the sum of its entries',
      query: sql`select format('account %s %s holds %s, entries sum to %s', a.code, a.currency, a.balance_e8, coalesce(s.total, 0)) as detail
        from ledger_accounts a left join (select account_id, sum(amount_e8) as total from ledger_entries group by account_id) s
          on s.account_id = a.id
        where a.balance_e8 <> coalesce(s.total, 0) limit ${limit}`,
    },
    {
      check: 'latest entry carries the account balance',
      query: sql`select format('account %s %s: last entry says %s, account %s', a.code, a.currency, e.balance_after_e8, a.balance_e8) as detail
        from ledger_accounts a join lateral (select balance_after_e8 from ledger_entries where account_id = a.id order by id desc limit 1) e on true
        where e.balance_after_e8 <> a.balance_e8 limit ${limit}`,
    },
    {
      // Every entry, not only the latest: a posting that wrote a wrong balance_after and a later one that wrote the
      // right one would otherwise pass. Entries of an account are written in the order its row lock is taken.
      check: 'each entry carries its account running balance',
      query: sql`select format('entry %s of account %s says %s after it, its entries sum to %s', id, account_id, balance_after_e8, running) as detail
        from (select id, account_id, balance_after_e8, sum(amount_e8) over (partition by account_id order by id) as running from ledger_entries) r
        where balance_after_e8 <> running limit ${limit}`,
    },
    {
      check: 'user balances are not negative',
      query: sql`select format('account %s %s is negative: %s', code, currency, balance_e8) as detail
        from ledger_accounts where kind = 'user' and balance_e8 < 0 limit ${limit}`,
    },
    {
      check: 'every currency sums to zero across all accounts',
      query: sql`select format('currency %s sums to %s', currency, sum(balance_e8)) as detail
        from ledger_accounts group by currency having sum(balance_e8) <> 0 limit ${limit}`,
    },
    {
      check: 'credited deposits match their ledger transaction',
      query: sql`select format('deposit %s is %s but its ledger transaction is %s', d.id, d.status, coalesce(t.idempotency_key, 'missing')) as detail
        from deposits d left join ledger_transactions t on t.idempotency_key = 'deposit:' || d.id
        where (d.status = 'CREDITED') <> (t.id is not null) or (t.id is not null and t.id <> d.ledger_transaction_id) limit ${limit}`,
    },
    {
      check: 'pending withdrawals are exactly the reserved funds',
      query: sql`select format('withdrawals reserve %s %s, account holds %s', w.currency, coalesce(w.total, 0), coalesce(a.balance_e8, 0)) as detail
        from (select currency, sum(amount_e8 + fee_e8) as total from withdrawals where status in ('PENDING', 'APPROVED', 'SENDING') group by currency) w
        full join (select currency, balance_e8 from ledger_accounts where code = 'house:withdrawals-pending') a on a.currency = w.currency
        where coalesce(w.total, 0) <> coalesce(a.balance_e8, 0) limit ${limit}`,
    },
    {
      check: 'each withdrawal has one reservation and one settlement matching its status',
      query: sql`select format('withdrawal %s is %s: reserve %s, refund %s, settle %s', w.id, w.status,
            count(*) filter (where t.idempotency_key = 'withdrawal:' || w.id || ':reserve'),
            count(*) filter (where t.idempotency_key = 'withdrawal:' || w.id || ':refund'),
            count(*) filter (where t.idempotency_key = 'withdrawal:' || w.id || ':settle')) as detail
        from withdrawals w left join ledger_transactions t on t.idempotency_key like 'withdrawal:' || w.id || ':%'
        group by w.id, w.status
        having count(*) filter (where t.idempotency_key = 'withdrawal:' || w.id || ':reserve') <> 1
          or count(*) filter (where t.idempotency_key = 'withdrawal:' || w.id || ':refund') <> (case when w.status in ('REJECTED', 'FAILED') then 1 else 0 end)
          or count(*) filter (where t.idempotency_key = 'withdrawal:' || w.id || ':settle') <> (case when w.status = 'SENT' then 1 else 0 end)
        limit ${limit}`,
    },
    {
      check: 'referral commissions are accrued in the ledger',
      query: sql`select format('referral commission %s (%s) has no ledger transaction', c.id, c.source_key) as detail
        from referral_commissions c
        where c.commission_e8 > 0 and not exists (select 1 from ledger_transactions t where t.idempotency_key = 'referral:' || c.source_key)
        limit ${limit}`,
    },
    {
      check: 'the BZU/USD pool reserves equal the ledger pool accounts',
      query: sql`select format('pool %s holds %s BZU / %s USD, ledger house:bzu-pool holds %s BZU / %s USD', p.id, p.reserve_bzu_e8, p.reserve_usd_e8,
            coalesce(b.balance_e8, 0), coalesce(u.balance_e8, 0)) as detail
        from token_pools p
        left join ledger_accounts b on b.code = 'house:bzu-pool' and b.currency = 'BZU'
        left join ledger_accounts u on u.code = 'house:bzu-pool' and u.currency = 'USD'
        where p.id = 'BZU/USD' and (p.reserve_bzu_e8 <> coalesce(b.balance_e8, 0) or p.reserve_usd_e8 <> coalesce(u.balance_e8, 0))
        limit ${limit}`,
    },
    {
      check: 'burned supply equals the ledger burned account',
      query: sql`select format('token_supply says %s BZU burned, house:burned holds %s', s.burned_e8, coalesce(a.balance_e8, 0)) as detail
        from token_supply s left join ledger_accounts a on a.code = 'house:burned' and a.currency = 'BZU'
        where s.symbol = 'BZU' and s.burned_e8 <> coalesce(a.balance_e8, 0) limit ${limit}`,
    },
    {
      check: 'every trade and burn has its ledger transaction',
      query: sql`select format('swap %s (%s) has no ledger transaction', s.id, s.idempotency_key) as detail
        from token_swaps s where (s.user_id is not null or s.kind = 'burn')
          and not exists (select 1 from ledger_transactions t where t.idempotency_key = s.idempotency_key)
        limit ${limit}`,
    },
  ];
  const problems: LedgerProblem[] = [];
  for (const { check, query } of checks) {
    const { rows } = await query.execute(db);
    for (const row of rows) problems.push({ check, detail: row.detail });
  }
  // Balanced entries can still hide created money: a provider round paid past its game's maximum, or in another
  // currency than it was staked in.
  problems.push(...(await providerConservationProblems(db, limit)));
  // Promotions: each one's paid awards are exactly what house:promotions posted under its keys.
  problems.push(...(await promotionLedgerProblems(db, limit)));
  return problems;
}
