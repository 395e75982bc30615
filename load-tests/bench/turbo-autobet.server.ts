/**
 * The server half of the turbo-autobet bench, its own process: the real platform (same bootstrap as production,
 * serving the built client from dist/client) on a throwaway database, and one player with a session and 100 USD.
 * Replies { url, token } over IPC once ready; { cmd: 'stop' } tears it down.
 */
import { makeAccounts, serveParent, startPlatformUnderTest } from './platform-under-test.js';

const { platform, url, stop } = await startPlatformUnderTest();
// PORT=0 picks the port at listen time, after the allowed WebSocket origins were derived: the page's live socket needs its own.
platform.infra.env.allowedOrigins.push(url, url.replace('127.0.0.1', 'localhost'));
const player = await makeAccounts(platform, 'turbo', 1, 100n * 100_000_000n);

serveParent({ url, token: player.tokens[0]! }, stop);
