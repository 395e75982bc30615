/**
 * The server half of the chat-poll bench, its own process (one core for servers, one for the load
 * generator). It boots the real platform (same bootstrap as production: Postgres, Redis, every
 * middleware) on a temporary database seeded with 60 messages, and beside it a bare node:http
 * server that answers with the very bytes the platform serves for GET /api/chat/messages (and 304
 * for a matching If-None-Match, as the platform does for an up-to-date poller). Replies { platformUrl, bareUrl, etag, bytes } over IPC once ready.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { startPlatformServer } from '../../server/src/bootstrap.js';
import { loadEnv } from '../../server/src/env.js';

const adminUrl = process.env.BENCH_POSTGRES_ADMIN_URL ?? process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bzu_bench_${randomBytes(5).toString('hex')}`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

await admin(`CREATE DATABASE ${dbName}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${dbName}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bzu-bench-'));
const env = loadEnv({
  // development: production would demand wallet keys this bench has no use for; the HTTP path is the same.
  NODE_ENV: 'development',
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl.toString(),
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
  LOG_LEVEL: 'warn',
});
const platform = await startPlatformServer(env, { hostEmbedded: false });

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

const platformUrl = `http://127.0.0.1:${platform.server.port}`;
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

process.on('message', async (message: { cmd: 'stop' }) => {
  if (message.cmd !== 'stop') return;
  bare.close();
  await platform.stop();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
  process.send!({ stopped: true });
  process.exit(0);
});

process.send!({
  platformUrl,
  bareUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
  etag,
  pollEtag,
  bytes: bytes.length,
  lastId,
});
