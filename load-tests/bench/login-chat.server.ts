/**
 * The server half of the login-chat bench: the real platform (login rate limits lifted: the bench's 200 logins/s all
 * come from one address and one account) with 60 chat messages and one account whose password is hashed with the
 * platform's own argon2id settings, and beside it a bare node:http server that answers the chat poll with the same
 * bytes and a login with argon2.verify of the same hash. Replies { platformUrl, bareUrl, login } over IPC.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import argon2 from 'argon2';
import { sql } from 'kysely';
import { ARGON2_BASELINE } from '../../server/src/env.js';
import { serveParent, startPlatformUnderTest } from './platform-under-test.js';

const lifted = '100000000/60';
const {
  platform,
  url: platformUrl,
  stop,
} = await startPlatformUnderTest({
  RATE_LIMIT_LOGIN_IP: lifted,
  RATE_LIMIT_LOGIN_ACCOUNT: lifted,
  RATE_LIMIT_LOGIN_ACCOUNT_GLOBAL: lifted,
  // The sign-in line's settings can be set for a comparison (e.g. the old 2 at once, no bound: 2 and 100000; hashing in the server's own process: inline).
  ...Object.fromEntries(
    ['PASSWORD_HASH_CONCURRENCY', 'PASSWORD_HASH_QUEUE_MAX', 'PASSWORD_HASH_PROCESS'].flatMap((name) =>
      process.env[name] ? [[name, process.env[name]!]] : [],
    ),
  ),
});
const db = platform.infra.db;
const password = 'correct horse battery staple 31';
const hash = await argon2.hash(password, {
  type: argon2.argon2id,
  memoryCost: ARGON2_BASELINE.memoryKib,
  timeCost: ARGON2_BASELINE.timeCost,
  parallelism: ARGON2_BASELINE.parallelism,
});
await sql`
  insert into users (login_name, public_username, email, password_hash, email_verified_at)
  values ('loginbench', 'Login Bench', 'login@bench.test', ${hash}, now())`.execute(db);
await sql`
  insert into chat_messages (user_id, message)
  select (select id from users where login_name = 'loginbench'), 'message number ' || n || ': gl hf, anyone up for a round of blackjack?'
  from generate_series(1, 60) as n`.execute(db);
const page = Buffer.from(await (await fetch(`${platformUrl}/api/chat/messages`)).arrayBuffer());

const bare = http.createServer((req, res) => {
  if (req.method === 'GET') {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': page.length });
    res.end(page);
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { password?: string };
    argon2.verify(hash, body.password ?? '').then(
      (ok) => {
        res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok }));
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));

serveParent(
  {
    platformUrl,
    bareUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    login: { login_name: 'loginbench', password },
  },
  async () => {
    bare.close();
    await stop();
  },
);
