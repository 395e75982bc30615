/**
 * The server half of the chat-poll bench, its own process (one core for servers, one for the load
 * generator). It boots the real platform (same bootstrap as production: Postgres, Redis, every
 * middleware) on a temporary database seeded with 60 messages, and beside it a bare node:http
 * server that answers with the very bytes the platform serves for GET /api/chat/messages (and 304
 * for a matching If-None-Match, as the platform does for an up-to-date poller). Replies { platformUrl, bareUrl, etag, bytes } over IPC once ready.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { cpuTimes, serveParent, startPlatformUnderTest } from './platform-under-test.js';

const { platform, url: platformUrl, stop } = await startPlatformUnderTest();

// 60 messages from 3 users (one of them a moderator): a realistic page of 50 on the wire.
const db = platform.infra.db;
await sql`
  insert into users (login_name, public_username, email, password_hash, role)
  values ('alice', 'Alice', 'alice@bench.test', 'x', 'user'), ('bob', 'Bob', 'bob@bench.test', 'x', 'user'),
         ('mod', 'Moddy', 'mod@bench.test', 'x', 'moderator')`.execute(db);
await sql`
  insert into chat_messages (user_id, message)
  select (select id from users order by id offset (n % 3) limit 1), 'message number ' || n || ': gl hf, anyone up for a round of blackjack?'
  from generate_series(1, 60) as n`.execute(db);

const first = await fetch(`${platformUrl}/api/chat/messages`);
const bytes = Buffer.from(await first.arrayBuffer());
const etag = first.headers.get('etag')!;
const lastId = (JSON.parse(bytes.toString()) as { id: number }[]).at(-1)?.id ?? 0;
// What a poller that is up to date receives: [] with its own ETag, then 304s.
const pollEtag = (await fetch(`${platformUrl}/api/chat/messages?after=${lastId}`)).headers.get('etag')!;

const bare = http.createServer((req, res) => {
  const match = req.headers['if-none-match'];
  if (match === etag || match === pollEtag) {
    res.writeHead(304, { ETag: match });
    res.end();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length, ETag: etag });
  res.end(bytes);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));

serveParent(
  {
    platformUrl,
    bareUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    etag,
    pollEtag,
    bytes: bytes.length,
    lastId,
  },
  async () => {
    bare.close();
    await stop();
  },
  async () => ({ cpu: await cpuTimes() }),
);
