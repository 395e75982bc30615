/**
 * The server half of the first-visit bench, its own process: the real platform freshly started (same bootstrap as
 * production, serving the built client from dist/client) on a throwaway database, no request served yet.
 * Replies { url } over IPC once listening; { cmd: 'stop' } tears it down.
 */
import { serveParent, startPlatformUnderTest } from './platform-under-test.js';

const { platform, url, stop } = await startPlatformUnderTest();
// PORT=0 picks the port at listen time, after the allowed WebSocket origins were derived: the page's live socket needs its own.
platform.infra.env.allowedOrigins.push(url, url.replace('127.0.0.1', 'localhost'));

serveParent({ url }, stop);
