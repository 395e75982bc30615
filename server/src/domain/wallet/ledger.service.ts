import type { Db } from '../../../../db/client.js';
import {
  accountBalances,
  balancesOfAccounts,
  summedBalances,
  applyDelta,
  applyDeltas,
  ensureAccounts,
  findLedgerProblems,
  insertEntries,
  insertTransactions,
  insertNewTransactions,
  statement,
  type AccountKey,
  type LedgerProblem,
  type NewEntry,
} from '../../../../db/repositories/ledger.repo.js';
import { relaxCommitDurability } from '../../../../db/repositories/durability.js';
import { GAMES_HOUSE_CODES, gamesHouseCode, gamesHouseShard } from '../../../../db/repositories/house-shards.js';
import { DomainError } from '../errors.js';
import type { EventOutbox, OutboxEntry } from '../events/event-outbox.js';
import type { EventPayload } from '../events/platform-events.js';
import { formatAmount, type Currency } from './amounts.js';

/** The platform's own side of every movement. House accounts may go negative (e.g. money that came in from chain). */
export type HouseAccount =
  | 'deposits'
  | 'withdrawals-pending'
  | 'payouts'
  | 'fees'
  | 'referrals'
  | 'games'
  // Rakeback accrued to players, and the chat rain pool.
  | 'rakeback'
  | 'rain'
  // The raffle's prize pool: revenue share in at close, prizes out at the draw, the rest is the rolling jackpot.
  | 'raffle'
  // The BZU/USD pool's reserves (both currencies; token_pools holds the same figures), BZU bought
  // back and burned, and the genesis counterpart of the pool's first reserves.
  | 'bzu-pool'
  | 'burned'
  | 'bzu-genesis'
  // What the house adds to pool rounds' pots (bingo's guaranteed minimum), moved into 'games' which pays the prizes.
  | 'pot-guarantees'
  // Promotions (race prizes, promo codes, reloads) are paid from here, one transaction per award (domain/promotions).
  | 'promotions';

/**
 * A user's accounts: cash (playable), referral and rakeback (accrued, claimable into cash), vault (kept aside), bonus
 * (a promotion's bonus under a wagering requirement: not withdrawable, turned into cash on completion).
 */
export type UserPurpose = 'cash' | 'referral' | 'rakeback' | 'vault' | 'bonus';

export type AccountRef = { user: number; purpose?: UserPurpose } | { house: HouseAccount };

export interface Leg {
  account: AccountRef;
  currency: Currency;
  /** Positive credits the account, negative debits it. */
  amount: bigint;
}

export interface PostInput {
  /** Unique per business event: posting the same key twice posts once. */
  key: string;
  kind: string;
  userId?: number;
  memo?: Record<string, unknown>;
  legs: Leg[];
}

export interface BalanceChange {
  userId: number;
  currency: Currency;
  balance: bigint;
}

export interface PostResult {
  /** False when the key had already been posted: nothing changed. */
  posted: boolean;
  transactionId?: string;
  /** The users' cash balances this posting left behind (as of this transaction). */
  balances?: BalanceChange[];
}

export interface LedgerTx {
  trx: Db;
  post(input: PostInput): Promise<PostResult>;
  /**
   * Several postings in order, written together: one header insert, each account updated once by its net change
   * (refused if it would dip below zero at any posting), one entries insert. A bet's stake and payout go this way.
   */
  postAll(inputs: PostInput[], options?: PostOptions): Promise<PostResult[]>;
}

export function accountCode(ref: AccountRef): string {
  if ('house' in ref) return `house:${ref.house}`;
  return `${ref.purpose === undefined || ref.purpose === 'cash' ? 'user' : ref.purpose}:${ref.user}`;
}

/**
 * The row a leg moves. `house:games` is sharded (db/repositories/house-shards.ts): a posting that names a player moves
 * that player's shard, so the bets of different players do not all queue on one house row lock.
 */
function accountKey(ref: AccountRef, currency: Currency, postingUser: number | undefined): AccountKey {
  if (!('house' in ref)) return { code: accountCode(ref), currency, kind: 'user', userId: ref.user };
  const code = ref.house === 'games' ? gamesHouseCode(gamesHouseShard(postingUser)) : accountCode(ref);
  return { code, currency, kind: 'house', userId: null };
}

/** Entries must be non-zero and sum to zero per currency; checked here and again by the database at commit. */
export function assertBalanced(legs: Leg[]): void {
  if (legs.length < 2)
    throw new DomainError('BAD_REQUEST', 'A ledger transaction needs at least two entries', {
      code: 'LEDGER_UNBALANCED',
    });
  const sums = new Map<Currency, bigint>();
  for (const leg of legs) {
    if (leg.amount === 0n)
      throw new DomainError('BAD_REQUEST', 'A ledger entry cannot be zero', { code: 'LEDGER_UNBALANCED' });
    sums.set(leg.currency, (sums.get(leg.currency) ?? 0n) + leg.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n)
      throw new DomainError('BAD_REQUEST', `Ledger entries do not balance in ${currency}`, {
        code: 'LEDGER_UNBALANCED',
      });
  }
}

/**
 * Double-entry bookkeeping over Postgres. Every change of money goes through `transact`: the
 * caller's own writes and its postings commit together, and so do the balance-update events of
 * the changed user balances (in the event outbox); they are published after the commit, and by the
 * housekeeping sweep if that publish fails.
 */
export class LedgerService {
  /**
   * "code/currency" -> account id of committed accounts. Accounts are never deleted or renumbered, so a known id saves
   * every posting the lookup query (the settlement hot path posts twice per bet).
   */
  private readonly accountIds = new Map<string, string>();

  constructor(private readonly deps: { db: Db; outbox: EventOutbox }) {}

  /**
   * `durability: 'relaxed'`: the commit does not wait for the disk (relaxCommitDurability); only for postings the
   * platform derives again after a crash (accruals the repair sweep recomputes from the bets).
   */
  async transact<T>(work: (tx: LedgerTx) => Promise<T>, options: { durability?: 'relaxed' } = {}): Promise<T> {
    const announced = new Map<string, { entry: OutboxEntry; balance: bigint }>();
    const seenAccounts = new Map<string, string>();
    const outbox = this.deps.outbox;
    const result = await this.deps.db.transaction().execute(async (trx) => {
      if (options.durability === 'relaxed') await relaxCommitDurability(trx);
      // Each changed cash balance gets its balance-update in the outbox, written before the postings lock house rows
      // (they wait for this transaction's commit), or by the statement that locks the one house row of a bet, and
      // again at the end only if a later posting changed it.
      const balanceKey = (change: BalanceChange) => `balance:${change.userId}:${change.currency}`;
      const balanceUpdate = (change: BalanceChange) => ({
        type: 'balance-update' as const,
        payload: { userId: String(change.userId), newBalance: formatAmount(change.balance), currency: change.currency },
        coalesceKey: balanceKey(change),
      });
      const unannounced = (changed: BalanceChange[]) =>
        changed.filter((change) => announced.get(balanceKey(change))?.balance !== change.balance);
      const announce: Announcer = {
        async write(changed) {
          const pending = unannounced(changed);
          if (pending.length === 0) return;
          // One statement for all of them: a round's end changes hundreds of players' balances at once.
          const entries = await outbox.writeMany(trx, pending.map(balanceUpdate));
          pending.forEach((change, index) =>
            announced.set(balanceKey(change), { entry: entries[index]!, balance: change.balance }),
          );
        },
        unwritten(changed) {
          const pending = unannounced(changed).map((change) => ({ change, event: balanceUpdate(change) }));
          return {
            events: pending.map((item) => item.event),
            written(ids) {
              for (const { change, event } of pending) {
                announced.set(event.coalesceKey, {
                  entry: { id: ids.get(event.coalesceKey)!, type: event.type, payload: event.payload },
                  balance: change.balance,
                });
              }
            },
          };
        },
      };
      const changes = new Map<string, BalanceChange>();
      const postAll = async (inputs: PostInput[], options?: PostOptions) => {
        const { results, changes: changed } = await postTransactions(
          trx,
          inputs,
          { known: this.accountIds, seen: seenAccounts },
          announce,
          options,
        );
        for (const change of changed) changes.set(`${change.userId}/${change.currency}`, change);
        return results;
      };
      const done = await work({ trx, postAll, post: async (input) => (await postAll([input]))[0]! });
      await announce.write([...changes.values()]);
      return done;
    });
    // Only committed accounts are remembered: one created by a transaction that rolled back does not exist.
    if (this.accountIds.size + seenAccounts.size > ACCOUNT_ID_CACHE_MAX) this.accountIds.clear();
    for (const [key, id] of seenAccounts) this.accountIds.set(key, id);
    // A balance announced twice in one transaction publishes its final value; the first row is closed as superseded.
    this.deps.outbox.publishSoon([...announced.values()].map((item) => item.entry));
    return result;
  }

  /** Posts one transaction on its own. */
  post(input: PostInput): Promise<PostResult> {
    return this.transact((tx) => tx.post(input));
  }

  /** `db`: a transaction, to read what it has written so far. */
  async balances(
    userId: number,
    purpose: UserPurpose = 'cash',
    db: Db = this.deps.db,
  ): Promise<Record<Currency, bigint>> {
    const found = await accountBalances(db, accountCode({ user: userId, purpose }));
    return { USD: found.get('USD') ?? 0n, BZU: found.get('BZU') ?? 0n };
  }

  /** One currency's balance of many users (`purpose` account) in one read: batch work such as the rakeback boost. */
  async balancesOf(
    userIds: readonly number[],
    currency: Currency,
    purpose: UserPurpose = 'cash',
  ): Promise<Map<number, bigint>> {
    const found = await balancesOfAccounts(
      this.deps.db,
      userIds.map((id) => accountCode({ user: id, purpose })),
      currency,
    );
    return new Map(userIds.map((id) => [id, found.get(accountCode({ user: id, purpose })) ?? 0n]));
  }

  /** A house account's balance per currency; the games account is the sum of its shards. */
  async houseBalances(house: HouseAccount, db: Db = this.deps.db): Promise<Record<Currency, bigint>> {
    const found = await summedBalances(db, house === 'games' ? GAMES_HOUSE_CODES : [accountCode({ house })]);
    return { USD: found.get('USD') ?? 0n, BZU: found.get('BZU') ?? 0n };
  }

  async statement(userId: number, options: { limit: number; beforeId?: string; currency?: Currency }) {
    return statement(this.deps.db, accountCode({ user: userId }), options);
  }

  /** Any account code's entries (rakeback, vault), newest first. */
  async accountStatement(code: string, options: { limit: number; beforeId?: string; currency?: Currency }) {
    return statement(this.deps.db, code, options);
  }

  async check(): Promise<LedgerProblem[]> {
    return findLedgerProblems(this.deps.db);
  }
}

/** Bounds the account-id cache of one LedgerService; past it the cache starts over. */
const ACCOUNT_ID_CACHE_MAX = 100_000;

/** One account's part in a group of postings: its change per posting, in order. */
interface AccountMovement {
  key: AccountKey;
  ref: AccountRef;
  currency: Currency;
  accountId: string;
  /** posting index -> that posting's net change of this account (non-zero). */
  deltas: Map<number, bigint>;
}

/** An outbox event not written yet, for a statement that writes it with its own rows (insertNewTransactions). */
type UnwrittenEvent = { type: 'balance-update'; payload: EventPayload<'balance-update'>; coalesceKey: string };

/**
 * How postTransactions has the users' new cash balances announced (balance-update, in the outbox): `write` in their
 * own statement, or `unwritten` for the statement that locks a bet's house row, which writes them and hands their
 * ids back (`written`, by coalesce key).
 */
interface Announcer {
  write(changes: BalanceChange[]): Promise<void>;
  unwritten(changes: BalanceChange[]): { events: UnwrittenEvent[]; written(ids: ReadonlyMap<string, string>): void };
}

/** How a group of postings is written (LedgerTx.postAll). */
export interface PostOptions {
  /**
   * The keys cannot exist yet (a bet's, named after the bet row this transaction just inserted): headers and entries
   * go in one statement after the balances, and an existing key fails the transaction instead of being skipped.
   */
  newKeys?: boolean;
}

/**
 * Writes a group of postings (see LedgerTx.postAll). `beforeHouses` gets the users' new cash balances once their
 * accounts are updated and before any house account is, so whatever it writes runs before the hot house rows are
 * locked (one account at a time; with more than two accounts they are locked and changed together, then it runs).
 */
async function postTransactions(
  trx: Db,
  inputs: PostInput[],
  accounts: { known: ReadonlyMap<string, string>; seen: Map<string, string> },
  announce: Announcer,
  options: PostOptions = {},
): Promise<{ results: PostResult[]; changes: BalanceChange[] }> {
  for (const input of inputs) assertBalanced(input.legs);
  const headers = inputs.map((input) => ({
    key: input.key,
    kind: input.kind,
    userId: input.userId ?? null,
    memo: input.memo ?? {},
  }));
  if (options.newKeys && new Set(inputs.map((input) => input.key)).size !== inputs.length)
    throw new Error('postAll: a new key twice');
  const headerIds = options.newKeys ? null : await insertTransactions(trx, headers);
  // A key already posted (an idempotent replay), or repeated within this call, changes nothing.
  const claimed = new Set<string>();
  const fresh = inputs.map((input) => {
    if (claimed.has(input.key) || (headerIds && !headerIds.has(input.key))) return false;
    claimed.add(input.key);
    return true;
  });

  const ordered = await orderedMovements(trx, inputs, fresh, accounts);
  // New keys moving one user and one house account (a bet): the house row, locked last, is changed by the statement
  // that writes the headers and entries (insertNewTransactions `lastAccount`); its balance is known from it.
  const mergedHouse = options.newKeys ? mergeableHouse(ordered) : undefined;
  const balances = await applyMovements(trx, mergedHouse ? ordered.slice(0, -1) : ordered, (changes) =>
    announce.write(changes),
  );
  // The same statement writes the balance-updates of the users' new balances.
  const unannounced = mergedHouse ? announce.unwritten(cashChanges(ordered, balances)) : undefined;
  // Its entries' balances are written relative to its new balance: 0 stands for it until the statement has run.
  if (mergedHouse) balances.set(mergedHouse.accountId, 0n);

  const entries: (NewEntry & { key: string; order: number })[] = [];
  const changes: BalanceChange[] = [];
  const perPosting = inputs.map(() => [] as BalanceChange[]);
  for (const movement of ordered) {
    const balance = balances.get(movement.accountId)!;
    // Each posting's entry carries the balance right after that posting: the final one less the later changes.
    let after = balance - netChange(movement);
    const cashOf = cashHolder(movement);
    for (const [index, delta] of [...movement.deltas].sort((a, b) => a[0] - b[0])) {
      after += delta;
      entries.push({
        order: index,
        key: inputs[index]!.key,
        accountId: movement.accountId,
        currency: movement.currency,
        amount: delta,
        balanceAfter: after,
      });
      if (cashOf !== undefined)
        perPosting[index]!.push({ userId: cashOf, currency: movement.currency, balance: after });
    }
    if (cashOf !== undefined) changes.push({ userId: cashOf, currency: movement.currency, balance });
  }
  // Posting order, so an account's latest entry (by id) is its last posting's.
  entries.sort((a, b) => a.order - b.order);
  let ids: Map<string, string>;
  if (options.newKeys) {
    const written = await insertNewTransactions(
      trx,
      headers,
      entries,
      mergedHouse && { accountId: mergedHouse.accountId, delta: netChange(mergedHouse), events: unannounced!.events },
    );
    ids = written.ids;
    unannounced?.written(written.eventIds);
  } else ids = headerIds!;
  if (!options.newKeys && entries.length > 0)
    await insertEntries(
      trx,
      entries.map((entry) => ({ ...entry, transactionId: ids.get(entry.key)! })),
    );
  const results: PostResult[] = inputs.map((input, index) =>
    fresh[index] ? { posted: true, transactionId: ids.get(input.key), balances: perPosting[index] } : { posted: false },
  );
  return { results, changes };
}

/**
 * The accounts the fresh postings move, with each posting's net change per account (zero changes dropped), in the
 * one lock order: users before houses, each by id. No transaction deadlocks another, and the hot house rows
 * (a shard of house:games takes every bet) are locked last and held for the shortest time.
 */
async function orderedMovements(
  trx: Db,
  inputs: PostInput[],
  fresh: boolean[],
  accounts: { known: ReadonlyMap<string, string>; seen: Map<string, string> },
): Promise<AccountMovement[]> {
  const movements = new Map<string, Omit<AccountMovement, 'accountId'>>();
  inputs.forEach((input, index) => {
    if (!fresh[index]) return;
    for (const leg of input.legs) {
      const key = accountKey(leg.account, leg.currency, input.userId);
      const id = `${key.code}/${key.currency}`;
      const movement = movements.get(id) ?? {
        key,
        ref: leg.account,
        currency: leg.currency,
        deltas: new Map<number, bigint>(),
      };
      movement.deltas.set(index, (movement.deltas.get(index) ?? 0n) + leg.amount);
      movements.set(id, movement);
    }
  });
  const ids = new Map<string, string>(
    [...movements.keys()].filter((id) => accounts.known.has(id)).map((id) => [id, accounts.known.get(id)!]),
  );
  const unknown = [...movements.entries()].filter(([id]) => !ids.has(id)).map(([, movement]) => movement.key);
  if (unknown.length > 0) {
    for (const [id, accountId] of await ensureAccounts(trx, unknown)) {
      ids.set(id, accountId);
      accounts.seen.set(id, accountId);
    }
  }
  return [...movements.entries()]
    .map(([id, movement]) => {
      for (const [index, delta] of movement.deltas) if (delta === 0n) movement.deltas.delete(index);
      return { ...movement, accountId: ids.get(id)! };
    })
    .filter((movement) => movement.deltas.size > 0)
    .sort((a, b) =>
      a.key.kind !== b.key.kind ? (a.key.kind === 'user' ? -1 : 1) : BigInt(a.accountId) < BigInt(b.accountId) ? -1 : 1,
    );
}

/** What the postings change an account by, all together. */
function netChange(movement: AccountMovement): bigint {
  let net = 0n;
  for (const delta of movement.deltas.values()) net += delta;
  return net;
}

/** The house account that can be changed by the entries' own statement: the last of one user and one house. */
function mergeableHouse(ordered: AccountMovement[]): AccountMovement | undefined {
  const last = ordered[ordered.length - 1];
  if (!last || last.key.kind !== 'house' || ordered.length > 2) return undefined;
  return ordered.length === 1 || ordered[0]!.key.kind === 'user' ? last : undefined;
}

/** The user whose cash account this is (only the cash balance is what the header shows: balance-update). */
function cashHolder(movement: AccountMovement): number | undefined {
  return 'user' in movement.ref && (movement.ref.purpose ?? 'cash') === 'cash' ? movement.ref.user : undefined;
}

// Module functions, not closures inside applyMovements: the server runs under tsx, whose keepNames wraps every named
// closure in a defineProperty call each time it is created, a measurable cost on the settlement path.
function insufficientBalance(): DomainError {
  return new DomainError('CONFLICT', 'Insufficient balance', { code: 'INSUFFICIENT_FUNDS' });
}

/** The users' new cash balances among `balances` (account id -> balance). */
function cashChanges(ordered: AccountMovement[], balances: Map<string, bigint>): BalanceChange[] {
  return ordered.flatMap((movement) =>
    cashHolder(movement) !== undefined && balances.has(movement.accountId)
      ? [{ userId: cashHolder(movement)!, currency: movement.currency, balance: balances.get(movement.accountId)! }]
      : [],
  );
}

/** The guarded balance updates of the movements, in their order; answers account id -> new balance. */
async function applyMovements(
  trx: Db,
  ordered: AccountMovement[],
  beforeHouses: (changes: BalanceChange[]) => Promise<void>,
): Promise<Map<string, bigint>> {
  const changes = ordered.map((movement) => {
    let net = 0n;
    let lowest = 0n;
    for (const delta of movement.deltas.values()) {
      net += delta;
      if (net < lowest) lowest = net;
    }
    return { accountId: movement.accountId, delta: net, lowest };
  });
  if (ordered.length > 2) {
    const balances = await applyDeltas(trx, changes);
    if (balances.size < changes.length) throw insufficientBalance();
    await beforeHouses(cashChanges(ordered, balances));
    return balances;
  }
  const balances = new Map<string, bigint>();
  let housesReached = false;
  for (const [index, movement] of ordered.entries()) {
    if (movement.key.kind === 'house' && !housesReached) {
      housesReached = true;
      await beforeHouses(cashChanges(ordered, balances));
    }
    const balance = await applyDelta(trx, movement.accountId, changes[index]!.delta, changes[index]!.lowest);
    if (balance === undefined) throw insufficientBalance();
    balances.set(movement.accountId, balance);
  }
  return balances;
}
