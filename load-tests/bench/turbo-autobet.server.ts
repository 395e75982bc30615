/**
 * The server half of the turbo-autobet bench, its own process: the real platform (same bootstrap as production,
 * serving the built client from dist/client) on a throwaway database, and one player with a session and 100 USD.
 * Replies { url, token } over IPC once ready; { cmd: 'stop' } tears it down.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { serveParent, startPlatformUnderTest } from './platform-under-test.js';

const { platform, url, stop } = await startPlatformUnderTest();
const db = platform.infra.db;
// PORT=0 picks the port at listen time, after the allowed WebSocket origins were derived: the page's live socket needs its own.
platform.infra.env.allowedOrigins.push(url, url.replace('127.0.0.1', 'localhost'));

// The player straight in the database (registration's argon2 and mail round trip are not what this bench measures),
// funded by one deposit ledger transaction as a confirmed deposit would be.
// TODO(merge): main's bench-ledger.ts makeAccounts does the same for many accounts; use it once it takes the amount.
const { rows } = await sql<{ id: number }>`
  insert into users (login_name, public_username, email, password_hash, email_verified_at)
  values ('turbo', 'turbo', 'turbo@bench.test', 'x', now()) returning id`.execute(db);
const userId = rows[0]!.id;
const token = randomBytes(24).toString('hex');
await sql`
  insert into sessions (user_id, token_hash, expires_at)
  values (${userId}, ${createHash('sha256').update(token).digest('hex')}, now() + interval '1 day')`.execute(db);
const funds = 100n * 100_000_000n;
await platform.services.ledger.post({
  key: `bench-fund:${userId}`,
  kind: 'deposit',
  userId,
  legs: [
    { account: { house: 'deposits' }, currency: 'USD', amount: -funds },
    { account: { user: userId }, currency: 'USD', amount: funds },
  ],
});

serveParent({ url, token }, stop);
