/**
 * The server half of the turbo-autobet bench, its own process: the real platform (same bootstrap as production,
 * serving the built client from dist/client) on a throwaway database, and one player with a session and 1000 USD.
 * Replies { url, token } over IPC once ready; { cmd: 'stop' } tears it down.
 */
import { makeAccounts } from './bench-ledger.js';
import { serveParent, startPlatformUnderTest } from './platform-under-test.js';

const { platform, url, stop } = await startPlatformUnderTest();
const db = platform.infra.db;
// PORT=0 picks the port at listen time, after the allowed WebSocket origins were derived: the page's live socket needs its own.
platform.infra.env.allowedOrigins.push(url, url.replace('127.0.0.1', 'localhost'));

// The player straight in the database (registration's argon2 and mail round trip are not what this bench measures),
// funded by one deposit ledger transaction as a confirmed deposit would be.
// One player with 1000 USD, as the bench's balance check expects.
const { tokens } = await makeAccounts(db, platform.services.wallet.ledger, 'turbo', 1, 1000n);
const token = tokens[0]!;

serveParent({ url, token }, stop);
