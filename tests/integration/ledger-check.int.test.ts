import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { findLedgerProblems, type LedgerProblem } from '../../db/repositories/ledger.repo.js';
import { signedInAccount } from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';

const E8 = 100_000_000n;

/**
 * The ledger check finds what it names: each case damages a few rows inside a transaction (triggers off for it, as
 * only a superuser could), runs the check in it, and rolls back, so the next case and the rest of the file see the
 * ledger as written.
 */
describe('ledger check', () => {
  const suite = platformSuite();
  const services = () => suite.platform.platform.services;
  const db = () => suite.platform.platform.infra.db;

  /** The problems the check reports after `damage`, seen from inside the transaction that did it (then undone). */
  async function problemsAfter(damage: (trx: ReturnType<typeof db>) => Promise<unknown>): Promise<LedgerProblem[]> {
    let found: LedgerProblem[] = [];
    const undo = new Error('undo');
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await damage(trx);
        found = await findLedgerProblems(trx);
        throw undo;
      })
      .catch((error: unknown) => {
        if (error !== undo) throw error;
      });
    return found;
  }

  /** A player with two bets' worth of entries: a deposit of 10, a stake of 4 and a payout of 7 (10 -> 6 -> 13). */
  async function playerWithThreeEntries() {
    const player = await signedInAccount(suite.platform);
    const ledger = services().wallet.ledger;
    const id = player.user.id;
    const leg = (account: { user: number } | { house: 'deposits' | 'games' }, amount: bigint) => ({
      account,
      currency: 'USD' as const,
      amount,
    });
    await ledger.post({
      key: `check-fund-${id}`,
      kind: 'deposit',
      userId: id,
      legs: [leg({ house: 'deposits' }, -10n * E8), leg({ user: id }, 10n * E8)],
    });
    await ledger.post({
      key: `check-stake-${id}`,
      kind: 'bet-stake',
      userId: id,
      legs: [leg({ user: id }, -4n * E8), leg({ house: 'games' }, 4n * E8)],
    });
    await ledger.post({
      key: `check-win-${id}`,
      kind: 'bet-payout',
      userId: id,
      legs: [leg({ house: 'games' }, -7n * E8), leg({ user: id }, 7n * E8)],
    });
    return id;
  }

  /** Changes one column of one of the player's USD entries, the `nth` by id (negative: from the newest). */
  const damageEntry =
    (userId: number, nth: number, column: 'balance_after_e8' | 'amount_e8') => (trx: ReturnType<typeof db>) =>
      sql`
      update ledger_entries set ${sql.ref(column)} = ${sql.ref(column)} + 1
      where id = (select e.id from ledger_entries e join ledger_accounts a on a.id = e.account_id
                  where a.code = ${`user:${userId}`} and a.currency = 'USD'
                  order by ${nth >= 0 ? sql`e.id` : sql`e.id desc`} limit 1 offset ${nth >= 0 ? nth : -nth - 1})`.execute(
        trx,
      );

  it('is clean on what the ledger wrote', async () => {
    await playerWithThreeEntries();
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('names an entry whose balance after it is not its account running balance, even when the latest entry is right', async () => {
    const userId = await playerWithThreeEntries();
    const problems = await problemsAfter(damageEntry(userId, 1, 'balance_after_e8'));
    expect(problems.map((problem) => problem.check)).toEqual(['each entry carries its account running balance']);
    expect(problems[0]!.detail).toContain(`says ${6n * E8 + 1n} after it, its entries sum to ${6n * E8}`);
  });

  it('names a transaction that does not balance and the account whose balance is not its entries', async () => {
    const userId = await playerWithThreeEntries();
    const problems = await problemsAfter(damageEntry(userId, -1, 'amount_e8'));
    expect(problems.map((problem) => problem.check)).toEqual(
      expect.arrayContaining([
        'transaction balances to zero per currency',
        'account balance equals the sum of its entries',
      ]),
    );
  });
});
