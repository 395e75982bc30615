import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDb } from '../../tests/support/database.js';
import type { Db } from '../client.js';
import type { LedgerCurrency } from '../wallet-tables.js';
import { insertChatMessage, insertModerationLog, listChatMessages, listModerationLog } from './chat.repo.js';
import { activeSeedPair, betsOfUser, insertBet, insertSeedPairIfNone } from './games.repo.js';
import { ensureAccounts, insertEntries, insertTransactions, statement } from './ledger.repo.js';
import { insertProviderTransaction, playerProviderRounds, upsertProvider } from './providers.repo.js';
import { drawnRaffles, insertRaffle, markClosed, markDrawn } from './raffle.repo.js';
import { insertChain, insertRound, moveRound, openBetIds, pastRounds, unfinishedRounds } from './rounds.repo.js';
import { insertBet as insertSportsBet, listBets as listSportsBets, updateBetOutcome } from './sports.repo.js';
import { insertWithdrawal, listDeposits, listWithdrawals, upsertDeposit } from './wallet.repo.js';

/**
 * Every list read a page at a time by an id cursor, with ids like a year of use: past 9, 99 and 2^31 (issue #40: a list
 * sorted by `id::text` put round 10 below round 9 and its cursor then froze the history). Each list must come in
 * numeric id order, and walking it by its own cursor, three rows a page, must visit every row exactly once.
 */

/** Ids that sort differently as text than as numbers, crossing a digit at 9, 99 and the int4 limit. */
const YEAR_OF_IDS = [8n, 9n, 10n, 11n, 99n, 100n, 101n, 2n ** 31n - 1n, 2n ** 31n, 2n ** 31n + 1n];
const PAGE = 3;

interface KeysetList {
  name: string;
  /** Tables the seed writes, emptied after the check so each list starts alone. */
  tables: string[];
  /** The ids to seed; YEAR_OF_IDS unless the table holds fewer rows at once. */
  ids?: bigint[];
  /**
   * Stores rows with exactly these ids (ascending, as time gives them), plus any rows the list must leave out; answers
   * what the list is read for (the player, the round), if anything.
   */
  seed(db: Db, ids: bigint[]): Promise<string | void>;
  /** The order of ids within one answer. */
  order: 'newest first' | 'oldest first';
  /** Which way the cursor moves: to older rows (`before`), to newer ones (`after`), or the list has no cursor. */
  walk: 'older' | 'newer' | 'none';
  /** One answer, as the service would show it: ids in the list's order. */
  read(db: Db, of: string, limit: number, cursor: string | undefined): Promise<string[]>;
}

const ascending = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const inOrder = (ids: bigint[], order: KeysetList['order']) =>
  [...ids].sort(order === 'newest first' ? (a, b) => ascending(b, a) : ascending).map(String);

/** Sets a table's id sequence so its next insert takes `id`, then inserts through the repository, one id at a time. */
async function insertWithIds(
  db: Db,
  table: string,
  ids: bigint[],
  insert: (id: bigint, n: number) => Promise<unknown>,
) {
  for (const [n, id] of ids.entries()) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${String(id)}::bigint, false)`.execute(db);
    await insert(id, n);
  }
}

/** The list in one answer is in numeric order; walked by its cursor it gives every row once, in the expected pages. */
async function expectKeysetList(db: Db, list: KeysetList, of: string, ids: bigint[]) {
  expect(await list.read(db, of, ids.length + 5, undefined)).toEqual(inOrder(ids, list.order));
  if (list.walk === 'none') return;

  // The pages the walk must give: PAGE ids at a time from the end it starts at, each page in the list's order.
  const fromStart = [...ids].sort(list.walk === 'older' ? (a, b) => ascending(b, a) : ascending);
  const expectedPages: string[][] = [];
  for (let i = 0; i < fromStart.length; i += PAGE)
    expectedPages.push(inOrder(fromStart.slice(i, i + PAGE), list.order));

  const pages: string[][] = [];
  let cursor: string | undefined;
  // One read more than the pages expected: the walk must end on an empty answer, not loop.
  for (let reads = 0; reads <= expectedPages.length; reads++) {
    const page = await list.read(db, of, PAGE, cursor);
    if (page.length === 0) break;
    pages.push(page);
    const edge = page.map(BigInt).sort(ascending);
    cursor = String(list.walk === 'older' ? edge[0] : edge[edge.length - 1]);
  }
  expect(pages).toEqual(expectedPages);
}

const hex64 = (n: bigint | number, salt = 'a') => `${salt}${n.toString(16)}`.padStart(64, '0');

let userCount = 0;
async function newUser(db: Db): Promise<number> {
  userCount += 1;
  // Not ASCII, as a year of players' names would be.
  const name = `ключ${userCount}`;
  const { rows } = await sql<{ id: number }>`
    insert into users (login_name, public_username, email, password_hash)
    values (${`keyset${userCount}`}, ${name}, ${`keyset${userCount}@repo.test`}, 'x') returning id`.execute(db);
  return rows[0]!.id;
}

async function seedPairOf(db: Db, userId: number): Promise<string> {
  await insertSeedPairIfNone(db, userId, {
    serverSeed: hex64(userId, 'b'),
    serverSeedHash: hex64(userId, 'c'),
    nextServerSeed: hex64(userId, 'd'),
    nextServerSeedHash: hex64(userId, 'e'),
    clientSeed: 'keyset',
  });
  return (await activeSeedPair(db, userId))!.id;
}

async function placeBet(db: Db, userId: number, bet: { state: 'open' | 'lost'; nonce: number; roundId?: string }) {
  return insertBet(db, {
    userId,
    game: 'dice',
    currency: 'USD',
    amount: 100n,
    payout: 0n,
    multiplier: '0.0000',
    state: bet.state,
    params: {},
    outcome: {},
    seedPairId: await seedPairOf(db, userId),
    nonce: bet.nonce,
    clientBetId: null,
    highRoller: false,
    settled: bet.state !== 'open',
    roundId: bet.roundId ?? null,
  });
}

/**
 * A player's ledger entries with these ids, each in the currency `currencyOf` its position, and then one in `leftOut`
 * (a currency the list is not asked for). One transaction, balanced at commit by the house's entries, which come last.
 */
async function seedStatement(
  db: Db,
  ids: bigint[],
  currencyOf: (n: number) => LedgerCurrency,
  leftOut?: LedgerCurrency,
): Promise<string> {
  const player = await newUser(db);
  const currencies = ['USD', 'BZU'] as const;
  const accounts = await ensureAccounts(db, [
    ...currencies.map((currency) => ({ code: `user:${player}`, currency, kind: 'user' as const, userId: player })),
    ...currencies.map((currency) => ({ code: 'house:keyset', currency, kind: 'house' as const, userId: null })),
  ]);
  await db.transaction().execute(async (trx) => {
    const [transactionId] = (
      await insertTransactions(trx, [{ key: `keyset:${player}`, kind: 'test', userId: null, memo: {} }])
    ).values();
    const balances = { USD: 0n, BZU: 0n };
    const credit = (currency: LedgerCurrency) => {
      balances[currency] += 1n;
      return insertEntries(trx, [
        {
          transactionId: transactionId!,
          accountId: accounts.get(`user:${player}/${currency}`)!,
          currency,
          amount: 1n,
          balanceAfter: balances[currency],
        },
      ]);
    };
    await insertWithIds(trx, 'ledger_entries', ids, (_, n) => credit(currencyOf(n)));
    if (leftOut) await credit(leftOut);
    await insertEntries(
      trx,
      currencies
        .filter((currency) => balances[currency] > 0n)
        .map((currency) => ({
          transactionId: transactionId!,
          accountId: accounts.get(`house:keyset/${currency}`)!,
          currency,
          amount: -balances[currency],
          balanceAfter: -balances[currency],
        })),
    );
  });
  return String(player);
}

async function newChain(db: Db, game: string) {
  return insertChain(db, {
    game,
    length: 1000,
    checkpointEvery: 100,
    terminalHash: hex64(1),
    salt: 'keyset',
    checkpoints: new Map(),
  });
}

const KEYSET_LISTS: KeysetList[] = [
  {
    name: 'rounds: pastRounds (crash history)',
    tables: ['rounds', 'round_chains'],
    async seed(db, ids) {
      const chain = await newChain(db, 'keyset-crash');
      let number = 0;
      await insertWithIds(db, 'rounds', ids, async (id, n) => {
        const round = await insertRound(db, {
          game: 'keyset-crash',
          chainId: chain.id,
          number: ++number,
          hash: hex64(id),
          state: 'betting',
          bettingEndsAt: null,
        });
        await moveRound(db, round.id, ['betting'], { state: n % 4 === 3 ? 'cancelled' : 'ended', end: true });
      });
      // The round taking bets now is not history.
      await insertRound(db, {
        game: 'keyset-crash',
        chainId: chain.id,
        number: ++number,
        hash: hex64(0),
        state: 'betting',
        bettingEndsAt: null,
      });
    },
    order: 'newest first',
    walk: 'older',
    read: async (db, of, limit, cursor) =>
      (await pastRounds(db, 'keyset-crash', { beforeId: cursor, limit })).map((round) => round.id),
  },
  {
    name: 'rounds: unfinishedRounds (one running, one taking bets)',
    tables: ['rounds', 'round_chains'],
    // A game has at most one running round and one taking bets: two ids that sort the other way round as text.
    ids: [99n, 2n ** 31n],
    async seed(db, ids) {
      const chain = await newChain(db, 'keyset-unfinished');
      await insertWithIds(db, 'rounds', ids, async (id, n) => {
        const round = await insertRound(db, {
          game: 'keyset-unfinished',
          chainId: chain.id,
          number: n + 1,
          hash: hex64(id),
          state: 'betting',
          bettingEndsAt: null,
        });
        if (n === 0) await moveRound(db, round.id, ['betting'], { state: 'running', start: true });
      });
    },
    order: 'oldest first',
    walk: 'none',
    read: async (db) => (await unfinishedRounds(db, 'keyset-unfinished')).map((round) => round.id),
  },
  {
    name: "rounds: openBetIds (a round's settlement)",
    tables: ['bets', 'rounds', 'round_chains'],
    async seed(db, ids) {
      const chain = await newChain(db, 'keyset-settle');
      const round = await insertRound(db, {
        game: 'keyset-settle',
        chainId: chain.id,
        number: 1,
        hash: hex64(2),
        state: 'betting',
        bettingEndsAt: null,
      });
      // One bet per player per round: a player each.
      const players: number[] = [];
      while (players.length < ids.length) players.push(await newUser(db));
      await insertWithIds(db, 'bets', ids, (_, n) =>
        placeBet(db, players[n]!, { state: 'open', nonce: 0, roundId: round.id }),
      );
      // A bet already settled is not open.
      await placeBet(db, await newUser(db), { state: 'lost', nonce: 0, roundId: round.id });
      return round.id;
    },
    order: 'oldest first',
    walk: 'none',
    read: (db, roundId) => openBetIds(db, roundId),
  },
  {
    name: 'games: betsOfUser (My bets)',
    tables: ['bets'],
    async seed(db, ids) {
      const player = await newUser(db);
      await insertWithIds(db, 'bets', ids, (_, n) => placeBet(db, player, { state: 'lost', nonce: n }));
      // Another player's bet is not in this player's list.
      await placeBet(db, await newUser(db), { state: 'lost', nonce: 0 });
      return String(player);
    },
    order: 'newest first',
    walk: 'older',
    read: async (db, of, limit, cursor) =>
      (await betsOfUser(db, Number(of), { beforeId: cursor, limit })).map((bet) => bet.id),
  },
  {
    name: 'chat: listChatMessages, scrolling back (before)',
    tables: ['chat_messages'],
    async seed(db, ids) {
      const author = await newUser(db);
      await insertWithIds(db, 'chat_messages', ids, (id) =>
        insertChatMessage(db, { userId: author, message: `сообщение ${id} ✓`, clientMessageId: null }),
      );
    },
    // A page reads oldest first on screen; each next page is the one above it.
    order: 'oldest first',
    walk: 'older',
    read: async (db, of, limit, cursor) =>
      (await listChatMessages(db, { before: cursor === undefined ? null : Number(cursor), limit })).map((m) =>
        String(m.id),
      ),
  },
  {
    name: 'chat: listChatMessages, catching up (after)',
    tables: ['chat_messages'],
    async seed(db, ids) {
      const author = await newUser(db);
      await insertWithIds(db, 'chat_messages', ids, (id) =>
        insertChatMessage(db, { userId: author, message: `сообщение ${id} ✓`, clientMessageId: null }),
      );
    },
    order: 'oldest first',
    walk: 'newer',
    read: async (db, of, limit, cursor) =>
      (await listChatMessages(db, { after: cursor === undefined ? 0 : Number(cursor), limit })).map((m) =>
        String(m.id),
      ),
  },
  {
    name: 'chat: listModerationLog',
    tables: ['chat_moderation_log'],
    async seed(db, ids) {
      await insertWithIds(db, 'chat_moderation_log', ids, (id) =>
        insertModerationLog(db, { moderatorId: null, action: 'slow_mode', reason: `причина ${id}` }),
      );
    },
    order: 'newest first',
    walk: 'older',
    read: async (db, of, limit, cursor) =>
      (await listModerationLog(db, { before: cursor === undefined ? null : Number(cursor), limit })).map((entry) =>
        String(entry.id),
      ),
  },
  {
    name: 'ledger: statement (both currencies of one account code)',
    tables: ['ledger_entries', 'ledger_transactions', 'ledger_accounts'],
    // The entries alternate currencies, so the statement merges the walks of the code's two accounts.
    seed: (db, ids) => seedStatement(db, ids, (n) => (n % 2 === 0 ? 'USD' : 'BZU')),
    order: 'newest first',
    walk: 'older',
    read: async (db, of, limit, cursor) =>
      (await statement(db, `user:${of}`, { limit, beforeId: cursor })).map((entry) => entry.entryId),
  },
  {
    name: 'ledger: statement (one currency)',
    tables: ['ledger_entries', 'ledger_transactions', 'ledger_accounts'],
    seed: (db, ids) => seedStatement(db, ids, () => 'USD', 'BZU'),
    order: 'newest first',
    walk: 'older',
    read: async (db, of, limit, cursor) =>
      (await statement(db, `user:${of}`, { limit, beforeId: cursor, currency: 'USD' })).map((entry) => entry.entryId),
  },
  {
    name: 'providers: playerProviderRounds (My bets, provider games)',
    tables: ['provider_transactions'],
    async seed(db, ids) {
      const player = await newUser(db);
      await upsertProvider(db, {
        id: 'keyset-games',
        name: 'Keyset Games',
        secret: 'keyset-secret-0123456789',
        origin: 'https://games.keyset.test',
        launchUrlTemplate: 'https://games.keyset.test/{game}',
        enabled: true,
      });
      const row = (kind: 'bet' | 'win', transactionId: string, roundId: string) =>
        insertProviderTransaction(db, {
          providerId: 'keyset-games',
          transactionId,
          requestId: `request-${transactionId}`,
          kind,
          roundId,
          gameId: 'slot-1',
          referenceTransactionId: null,
          amount: 100n,
          currency: 'USD',
          userId: player,
          ledgerTransactionId: null,
        });
      // A round is listed by its first bet: each id opens a round of its own.
      await insertWithIds(db, 'provider_transactions', ids, (id) => row('bet', `bet-${id}`, `round-${id}`));
      // A second bet and a win in rounds already listed add no rows.
      await row('bet', 'bet-again', `round-${ids[0]}`);
      await row('win', 'win-1', `round-${ids[ids.length - 1]}`);
      return String(player);
    },
    order: 'newest first',
    walk: 'older',
    read: async (db, of, limit, cursor) =>
      (await playerProviderRounds(db, Number(of), { limit, before: cursor })).map((round) => round.id),
  },
  {
    name: 'raffle: drawnRaffles (past draws)',
    tables: ['raffles'],
    async seed(db, ids) {
      const hour = 3_600_000;
      const start = Date.UTC(2026, 0, 1);
      const open = (n: number) =>
        insertRaffle(db, {
          opensAt: new Date(start + n * hour),
          closesAt: new Date(start + (n + 1) * hour),
          serverSeed: hex64(n),
          serverSeedHash: hex64(n, 'f'),
          revenueSharePpm: 0,
          prizeSharesPpm: [1_000_000],
          usdPerTicket: 1n,
          bzuPerTicket: 1n,
        });
      await insertWithIds(db, 'raffles', ids, async (_, n) => {
        const raffle = (await open(n))!;
        await markClosed(db, raffle.id, {
          entrantsHash: hex64(n, 'e'),
          totalTickets: 0,
          players: 0,
          revenue: 0n,
          funded: 0n,
          jackpot: 0n,
          pool: 0n,
        });
        await markDrawn(db, raffle.id, 0n);
      });
      // The raffle taking tickets now is not drawn.
      await open(ids.length);
    },
    order: 'newest first',
    walk: 'older',
    read: async (db, of, limit, cursor) => (await drawnRaffles(db, { beforeId: cursor, limit })).map((r) => r.id),
  },
  {
    name: 'sports: listBets (settled bet slips)',
    tables: ['sports_bets'],
    async seed(db, ids) {
      const player = await newUser(db);
      const slip = (clientId: string) =>
        insertSportsBet(db, {
          userId: player,
          clientId,
          kind: 'single',
          currency: 'USD',
          stake: 100n,
          potentialReturn: 200n,
        });
      await insertWithIds(db, 'sports_bets', ids, async (id) => {
        const betId = (await slip(`slip-${id}`))!;
        await updateBetOutcome(db, betId, { status: 'lost', paid: 0n, settlementCount: 1 });
      });
      // An open slip is not in the settled list.
      await slip('slip-open');
      return String(player);
    },
    order: 'newest first',
    walk: 'older',
    // The repository answers one row more than asked (whether a next page exists); the service shows `limit`.
    read: async (db, of, limit, cursor) =>
      (await listSportsBets(db, Number(of), { settled: true, limit, beforeId: cursor }))
        .slice(0, limit)
        .map((bet) => String(bet.id)),
  },
  {
    name: 'wallet: listDeposits',
    tables: ['deposits'],
    async seed(db, ids) {
      const player = await newUser(db);
      await insertWithIds(db, 'deposits', ids, (id) =>
        upsertDeposit(db, {
          userId: player,
          network: 'ERC20',
          asset: 'USDT',
          currency: 'USD',
          address: '0x00000000000000000000000000000000000000aa',
          txHash: `0x${hex64(id)}`,
          outputIndex: 0,
          amount: 100n,
          confirmations: 0,
          requiredConfirmations: 2,
        }),
      );
      return String(player);
    },
    order: 'newest first',
    walk: 'older',
    read: async (db, of, limit, cursor) =>
      (await listDeposits(db, Number(of), { limit, beforeId: cursor })).map((d) => String(d.id)),
  },
  ...(['newest first', 'oldest first'] as const).map((order): KeysetList => ({
    name: `wallet: listWithdrawals, ${order}`,
    tables: ['withdrawals'],
    async seed(db, ids) {
      const player = await newUser(db);
      await insertWithIds(db, 'withdrawals', ids, () =>
        insertWithdrawal(db, {
          userId: player,
          currency: 'USD',
          asset: 'USDT',
          network: 'TRC20',
          address: 'TKeysetAddress',
          amount: 100n,
          fee: 1n,
        }),
      );
      return String(player);
    },
    order,
    walk: order === 'newest first' ? 'older' : 'newer',
    read: async (db, of, limit, cursor) =>
      (
        await listWithdrawals(db, {
          userId: Number(of),
          limit,
          beforeId: cursor,
          oldestFirst: order === 'oldest first',
        })
      ).map((w) => String(w.id)),
  })),
];

describe('keyset-paged lists with ids past 9, 99 and 2^31 (real Postgres)', () => {
  let database: Awaited<ReturnType<typeof createMigratedDb>>;
  let db: Db;
  let tablesToEmpty: string[] = [];
  beforeAll(async () => {
    database = await createMigratedDb();
    db = database.db;
  });
  afterEach(async () => {
    if (tablesToEmpty.length > 0)
      await sql`truncate ${sql.join(tablesToEmpty.map((t) => sql.table(t)))} cascade`.execute(db);
    tablesToEmpty = [];
  });
  afterAll(async () => {
    await database.drop();
  });

  it.each(KEYSET_LISTS.map((list) => [list.name, list] as const))('%s', async (_, list) => {
    const ids = list.ids ?? YEAR_OF_IDS;
    tablesToEmpty = list.tables;
    const of = (await list.seed(db, ids)) ?? '';
    await expectKeysetList(db, list, of, ids);
  });
});
