import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client.js';
import { createMigrator } from '../../db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/** Issue #23 point 9: stored deposits get the one spelling per network the webhook now writes. */
describe('migration 20261128_0501: canonical transaction hashes', () => {
  let database: TestDatabase;
  let db: Db;
  const hex = (byte: string) => byte.repeat(32);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb({ url: database.url, maxConnections: 4 });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('rewrites non-canonical hashes, leaves a pair credited twice as it was, and refuses new non-canonical rows', async () => {
    const migrator = createMigrator(db);
    const before = await migrator.migrateTo('20261127_0701_bets_settled_at');
    expect(before.error).toBeUndefined();
    const { rows } = await sql<{ id: number }>`
      insert into users (login_name, public_username, email, password_hash) values ('mig1', 'mig1', 'mig1@example.com', 'x') returning id`.execute(
      db,
    );
    const userId = rows[0]!.id;
    const deposit = (network: string, txHash: string) =>
      sql`
      insert into deposits (user_id, network, asset, currency, address, tx_hash, amount_e8, required_confirmations)
      values (${userId}, ${network}, 'USDT', 'USD', 'addr', ${txHash}, 100, 3)`.execute(db);
    await deposit('ERC20', hex('a1')); // EVM without its prefix
    await deposit('BEP20', `0x${hex('b2')}`); // already canonical
    await deposit('TRC20', `0x${hex('C3').toUpperCase()}`); // Tron with a prefix, upper case
    await deposit('ERC20', `0x${hex('d4')}`); // one transaction stored twice: both stay for an operator
    await deposit('ERC20', hex('d4'));

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();
    const stored = await sql<{
      network: string;
      tx_hash: string;
    }>`select network, tx_hash from deposits order by id`.execute(db);
    expect(stored.rows).toEqual([
      { network: 'ERC20', tx_hash: `0x${hex('a1')}` },
      { network: 'BEP20', tx_hash: `0x${hex('b2')}` },
      { network: 'TRC20', tx_hash: hex('c3') },
      { network: 'ERC20', tx_hash: `0x${hex('d4')}` },
      { network: 'ERC20', tx_hash: hex('d4') },
    ]);
    await expect(deposit('ERC20', hex('e5'))).rejects.toThrow(/deposits_tx_hash_canonical/);
    await expect(deposit('TRC20', `0x${hex('e5')}`)).rejects.toThrow(/deposits_tx_hash_canonical/);
  });
});
