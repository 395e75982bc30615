import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, type Platform } from '../../server/src/bootstrap.js';
import { loadEnv, PRODUCTION_REQUIRED } from '../../server/src/env.js';
import { createMailTransport } from '../../server/src/infra/mailer.js';
import { FAST_HASHING, http, latestMailToken, newAccount, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { isolatedServerEnv, startTestPlatform, type TestPlatform } from '../support/platform.js';

/** Issue #16 points 8 (secrets in logs), 9 (production configuration) and 10 (/metrics). */

const XPUB =
  'xpub661MyMwAqRbcFLxTHctmaYadubpQ7nAnJYoazsrQudybD27wRMhwMqEHXumeWBCDC9ix48SmC1gesdRyANL59ssBmUPVC8sAFPzn11hUvN9';

function productionEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://bzu:bzu@db:5432/bzu',
    PUBLIC_URL: 'https://bzu.example',
    SMTP_URL: 'smtp://mail.example:587',
    TWO_FACTOR_ENCRYPTION_KEY: 'ab'.repeat(32),
    WALLET_XPUB: XPUB,
    DEPOSIT_WEBHOOK_SECRET: 'a-production-webhook-secret',
    METRICS_TOKEN: 'metrics-token-0123456789abcdef',
    ...extra,
  };
}

describe('point 9: production configuration', () => {
  it('accepts a full production environment', () => {
    const env = loadEnv(productionEnv());
    expect(env.NODE_ENV).toBe('production');
    expect(env.METRICS_TOKEN).toBe('metrics-token-0123456789abcdef');
  });

  it.each([
    'SMTP_URL',
    'TWO_FACTOR_ENCRYPTION_KEY',
    'WALLET_XPUB',
    'DEPOSIT_WEBHOOK_SECRET',
    'METRICS_TOKEN',
    'DATABASE_URL',
    'PUBLIC_URL',
  ])('refuses production without %s, naming it', (name) => {
    const env = productionEnv();
    delete env[name];
    expect(() => loadEnv(env)).toThrow(new RegExp(`${name}: is required when NODE_ENV=production`));
  });

  it('lists every required variable once, and docker-compose passes each with a message when unset', async () => {
    const { readFile } = await import('node:fs/promises');
    const compose = await readFile('docker-compose.yml', 'utf8');
    for (const name of PRODUCTION_REQUIRED) {
      if (name === 'DATABASE_URL' || name === 'PUBLIC_URL') expect(compose).toMatch(new RegExp(`${name}: `));
      else expect(compose).toMatch(new RegExp(`${name}: \\$\\{${name}:\\?[^}]+\\}`));
    }
  });

  describe('the server boots with NODE_ENV=production', () => {
    let database: TestDatabase;
    let platform: Platform;
    let dataDir: string;
    beforeAll(async () => {
      database = await createTestDatabase();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'bzu-prod-'));
      // A client build of its own: a script and the source map vite writes beside it.
      await mkdir(path.join(dataDir, 'client', 'assets'), { recursive: true });
      await writeFile(path.join(dataDir, 'client', 'index.html'), '<!doctype html><title>bzu</title>');
      await writeFile(
        path.join(dataDir, 'client', 'assets', 'index-abc123.js'),
        'console.log(1);\n//# sourceMappingURL=index-abc123.js.map',
      );
      await writeFile(
        path.join(dataDir, 'client', 'assets', 'index-abc123.js.map'),
        '{"version":3,"sources":["secret.ts"]}',
      );
      const env = loadEnv(
        productionEnv({
          ...isolatedServerEnv(database.url, dataDir),
          CLIENT_DIST_DIR: path.join(dataDir, 'client'),
        }),
      );
      platform = await startPlatformServer(env);
    });
    afterAll(async () => {
      await platform?.stop();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('answers /auth/status and keeps /metrics behind the bearer token (point 10)', async () => {
      const status = await http(platform.server.url, 'GET', '/auth/status');
      expect(status.status).toBe(200);
      expect((await http(platform.server.url, 'GET', '/metrics')).status).toBe(401);
      expect((await http(platform.server.url, 'GET', '/metrics', undefined, { token: 'wrong-token' })).status).toBe(
        401,
      );
      const metrics = await http(platform.server.url, 'GET', '/metrics', undefined, {
        token: 'metrics-token-0123456789abcdef',
      });
      expect(metrics.status).toBe(200);
      expect(String(metrics.body)).toContain('http_request_duration_seconds');
      expect(String(metrics.body)).toContain('password_hash_refused_total 0');
    });

    it('serves no source maps (issue #23 point 12)', async () => {
      const script = await http(platform.server.url, 'GET', '/assets/index-abc123.js');
      expect(script.status).toBe(200);
      const map = await http(platform.server.url, 'GET', '/assets/index-abc123.js.map');
      expect(map.status).toBe(404);
      expect(JSON.stringify(map.body)).not.toContain('secret.ts');
    });

    it('sends HSTS when PUBLIC_URL is https (issue #23 point 12)', async () => {
      const page = await http(platform.server.url, 'GET', '/');
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect((await http(platform.server.url, 'GET', '/auth/status')).headers.get('strict-transport-security')).toMatch(
        /max-age=\d+/,
      );
    });
  });
});

describe('point 8: tokens never reach the logs', () => {
  let platform: TestPlatform;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    platform = await startTestPlatform(
      { ...FAST_HASHING, ...RELAXED_LIMITS, LOG_LEVEL: 'info' },
      { logger: pino({ level: 'info' }, sink) },
    );
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('redacts token, code and password-like query parameters in request logs', async () => {
    const account = newAccount();
    expect((await http(platform.url, 'POST', '/api/auth/register', account)).status).toBe(201);
    const token = await latestMailToken(platform.platform.infra.db, account.email, '/verify-email');
    expect((await http(platform.url, 'GET', `/api/auth/confirm-email?token=${token}&x=1`)).status).toBe(200);
    await http(platform.url, 'GET', '/api/auth/status?code=123456&password=hunter22&secret=s3cr3t&page=2');
    await expect.poll(() => lines.some((line) => line.includes('confirm-email'))).toBe(true);
    const all = lines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain('123456');
    expect(all).not.toContain('hunter22');
    expect(all).not.toContain('s3cr3t');
    expect(all).toContain('page=2');
    expect(all).toContain('token=[REDACTED]');
  });

  it('writes no link into the mail-file log line', async () => {
    const logged: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bzu-mail-'));
    const transport = createMailTransport({ from: 'a@b.example', dataDir: dir }, pino({ level: 'info' }, sink));
    await transport.send({
      to: 'x@example.com',
      subject: 'Verify',
      text: 'Open https://bzu.example/verify-email?token=SECRETTOKEN123 now',
    });
    expect(await readdir(path.join(dir, 'mail'))).toHaveLength(1);
    expect(logged.join('')).toContain('mail written to file');
    expect(logged.join('')).not.toContain('SECRETTOKEN123');
    await rm(dir, { recursive: true, force: true });
  });

  it('an unsent mail whose link expired is never sent and loses its body', async () => {
    const { db } = platform.platform.infra;
    const account = newAccount();
    await http(platform.url, 'POST', '/api/auth/register', account);
    const row = await db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', account.email)
      .executeTakeFirstOrThrow();
    expect(row.expires_at).not.toBeNull();
    await db
      .updateTable('email_outbox')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    expect(await platform.platform.services.auth.mail.deliver(row.id)).toBe('expired');
    const purged = await db.selectFrom('email_outbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(purged.text_body).toBeNull();
    expect(purged.html_body).toBeNull();
  });
});

/** Issue #23 point 12: production hygiene seen from a plain-HTTP deployment and a signed-out live stream. */
describe('point 12: HSTS over plain HTTP, and a signed-out HTTP subscription', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, PUBLIC_URL: 'http://bzu.example' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('sends no Strict-Transport-Security header when PUBLIC_URL is http', async () => {
    for (const path of ['/', '/auth/status', '/api/chat/messages']) {
      const answer = await http(platform.url, 'GET', path);
      expect(answer.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  /** Reads server-sent events until one named `event`; returns its data. */
  async function nextEvent(reader: ReadableStreamDefaultReader<Uint8Array>, event: string): Promise<string> {
    const decoder = new TextDecoder();
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended without a ${event} event; got: ${buffered}`);
      buffered += decoder.decode(value, { stream: true });
      for (const block of buffered.split('\n\n')) {
        if (block.split('\n').includes(`event: ${event}`))
          return block
            .split('\n')
            .find((line) => line.startsWith('data: '))!
            .slice(6);
      }
    }
  }

  it('an SSE subscription whose session logs out ends with a 401 error event, not a 500', async () => {
    const player = await signedInAccount(platform);
    const controller = new AbortController();
    const response = await fetch(`${platform.url}/api/trpc/account.onBalance`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${player.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await nextEvent(reader, 'connected');
    expect((await http(platform.url, 'POST', '/api/auth/logout', {}, { token: player.token })).status).toBeLessThan(
      300,
    );
    const error = JSON.parse(await nextEvent(reader, 'serialized-error'));
    expect(error.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, domainCode: 'SESSION_ENDED' });
    expect(error.message).toBe('Session revoked');
    controller.abort();
  });

  it('an SSE subscription with a logged-out token is refused with UNAUTHORIZED (401)', async () => {
    const player = await signedInAccount(platform);
    await http(platform.url, 'POST', '/api/auth/logout', {}, { token: player.token });
    const controller = new AbortController();
    const response = await fetch(`${platform.url}/api/trpc/account.onBalance`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${player.token}` },
      signal: controller.signal,
    });
    const error = JSON.parse(await nextEvent(response.body!.getReader(), 'serialized-error'));
    expect(error.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    controller.abort();
  });
});
