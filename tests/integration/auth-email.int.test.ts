import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/src/infra/logger.js';
import { housekeepingHandlers } from '../../worker/src/processors/housekeeping.processor.js';
import type { RunningWorker } from '../../worker/src/worker.js';
import {
  FAST_HASHING,
  RELAXED_LIMITS,
  authSnapshot,
  expectLegacyError,
  http,
  latestMailToken,
  newAccount,
  signedInAccount,
  tokenFromText,
} from '../support/auth.js';
import { decodeQuotedPrintable, startSmtpCatcher, type SmtpCatcher } from '../support/mail.js';
import { platformSuite } from '../support/platform-suite.js';
import { startTestPlatform, startTestWorker, type TestPlatform } from '../support/platform.js';

const RESEND_MESSAGE =
  'If that address belongs to an account that is not verified yet, a new verification link is on its way.';
const FORGOT_MESSAGE = 'If that address belongs to an account, a password reset link is on its way.';

describe('e-mail verification and password recovery over HTTP', () => {
  const suite = platformSuite({
    ...FAST_HASHING,
    ...RELAXED_LIMITS,
    RATE_LIMIT_RESEND_EMAIL: '2/900',
    RATE_LIMIT_FORGOT_EMAIL: '2/900',
    RATE_LIMIT_FORGOT_IP: '30/900',
    PUBLIC_URL: 'http://client.test',
  });
  const call = (method: string, path: string, body?: unknown, token?: string, ip?: string) =>
    http(suite.platform.url, method, path, body, { token, ip });
  const db = () => suite.platform.platform.infra.db;

  it('GET /api/auth/confirm-email verifies once; the same, an unknown, a mangled or an expired link is 400', async () => {
    const account = newAccount();
    expect((await call('POST', '/api/auth/register', account)).status).toBe(201);
    const token = await latestMailToken(db(), account.email, '/verify-email');
    const confirmed = await call('GET', `/api/auth/confirm-email?token=${token}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe('Email verified');
    expect(confirmed.body.user).toMatchObject({ loginName: account.username, emailVerified: true });
    const invalid = 'Invalid or expired verification link';
    // The same link again: still the legacy 400, but its code tells the page the address is already verified.
    expectLegacyError(
      await call('GET', `/api/auth/confirm-email?token=${token}`),
      400,
      invalid,
      'EMAIL_ALREADY_VERIFIED',
    );
    expectLegacyError(await call('GET', '/api/auth/confirm-email?token=unknown-token'), 400, invalid);
    expectLegacyError(await call('GET', '/api/auth/confirm-email'), 400, invalid);
    expectLegacyError(await call('GET', `/api/auth/confirm-email?token=${token}&token=${token}`), 400, invalid);
    expectLegacyError(await call('GET', `/api/auth/confirm-email?token=${'a'.repeat(600)}`), 400, /Token is too long/);

    const late = newAccount();
    expect((await call('POST', '/api/auth/register', late)).status).toBe(201);
    const lateToken = await latestMailToken(db(), late.email, '/verify-email');
    await db()
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    expectLegacyError(await call('GET', `/api/auth/confirm-email?token=${lateToken}`), 400, invalid, 'INVALID_TOKEN');
  });

  it('POST /api/auth/resend-verification answers the same for unknown, verified and unverified addresses; a new link replaces the old', async () => {
    const unverified = newAccount();
    expect((await call('POST', '/api/auth/register', unverified)).status).toBe(201);
    const oldToken = await latestMailToken(db(), unverified.email, '/verify-email');
    const verified = await signedInAccount(suite.platform);

    const answers = await Promise.all([
      call('POST', '/api/auth/resend-verification', { email: unverified.email }, undefined, '10.5.0.1'),
      call('POST', '/api/auth/resend-verification', { email: verified.account.email }, undefined, '10.5.0.1'),
      call('POST', '/api/auth/resend-verification', { email: 'nobody-here@example.com' }, undefined, '10.5.0.1'),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: RESEND_MESSAGE });
    }
    const newToken = await latestMailToken(db(), unverified.email, '/verify-email');
    expect(newToken).not.toBe(oldToken);
    expectLegacyError(
      await call('GET', `/api/auth/confirm-email?token=${oldToken}`),
      400,
      'Invalid or expired verification link',
    );
    expect((await call('GET', `/api/auth/confirm-email?token=${newToken}`)).status).toBe(200);
    // A verified account gets no new mail.
    const mails = await db()
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', verified.account.email)
      .execute();
    expect(mails).toHaveLength(1);
  });

  it('POST /api/auth/resend-verification answers 400 for a bad address and 429 "Too Many Requests" past the per-address limit', async () => {
    expectLegacyError(await call('POST', '/api/auth/resend-verification', { email: 'nope' }), 400, /invalid email/i);
    expectLegacyError(await call('POST', '/api/auth/resend-verification', {}), 400, /Email is required/);
    const email = 'flooded@example.com';
    for (let i = 0; i < 2; i += 1)
      expect((await call('POST', '/api/auth/resend-verification', { email }, undefined, `10.6.0.${i}`)).status).toBe(
        200,
      );
    const limited = await call(
      'POST',
      '/api/auth/resend-verification',
      { email: email.toUpperCase() },
      undefined,
      '10.6.0.9',
    );
    expectLegacyError(limited, 429, /Too Many Requests/, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('POST /api/auth/forgot-password answers the same whether or not the address exists, 400 for a bad one, 429 past the limit', async () => {
    const { account } = await signedInAccount(suite.platform);
    const known = await call('POST', '/api/auth/forgot-password', { email: account.email }, undefined, '10.6.1.1');
    const unknown = await call(
      'POST',
      '/api/auth/forgot-password',
      { email: 'ghost@example.com' },
      undefined,
      '10.6.1.1',
    );
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message: FORGOT_MESSAGE });
    expect(unknown.body).toEqual(known.body);
    expect(unknown.status).toBe(200);
    const mail = await db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', account.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text_body).toContain('http://client.test/reset-password?token=');
    expect(
      await db().selectFrom('email_outbox').select('id').where('to_address', '=', 'ghost@example.com').execute(),
    ).toHaveLength(0);

    expectLegacyError(await call('POST', '/api/auth/forgot-password', { email: 42 }), 400, /Email must be text/);
    expect(
      (await call('POST', '/api/auth/forgot-password', { email: account.email }, undefined, '10.6.1.2')).status,
    ).toBe(200);
    const limited = await call('POST', '/api/auth/forgot-password', { email: account.email }, undefined, '10.6.1.3');
    expectLegacyError(limited, 429, /^Too Many Requests/, 'RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('POST /api/auth/reset-password sets the password once, revokes every session; bad, used or expired links are 400', async () => {
    const { account, token: session } = await signedInAccount(suite.platform);
    expect(
      (await call('POST', '/api/auth/forgot-password', { email: account.email }, undefined, '10.6.2.1')).status,
    ).toBe(200);
    const reset = await latestMailToken(db(), account.email, '/reset-password');

    const before = await authSnapshot(db());
    expectLegacyError(
      await call('POST', '/api/auth/reset-password', { token: reset, password: 'short' }),
      400,
      /Password must be 8-128/,
    );
    expectLegacyError(
      await call('POST', '/api/auth/reset-password', { token: reset, password: 'QwertyUIOP' }),
      400,
      /too common/,
    );
    expectLegacyError(
      await call('POST', '/api/auth/reset-password', { token: 'wrong', password: 'A-new-password-1' }),
      400,
      'Invalid or expired password reset link',
    );
    expectLegacyError(
      await call('POST', '/api/auth/reset-password', { password: 'A-new-password-1' }),
      400,
      /Token is required/,
    );
    expect(await authSnapshot(db())).toBe(before);

    const done = await call('POST', '/api/auth/reset-password', { token: reset, password: 'A-new-password-1' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Your password has been reset. Please log in with your new password.' });
    expectLegacyError(await call('GET', '/api/auth/profile', undefined, session), 401, 'Not authenticated');
    expectLegacyError(
      await call('POST', '/api/auth/reset-password', { token: reset, password: 'A-new-password-2' }),
      400,
      'Invalid or expired password reset link',
    );
    expect(
      (await call('POST', '/api/auth/login', { login_name: account.username, password: account.password })).status,
    ).toBe(401);
    expect(
      (await call('POST', '/api/auth/login', { login_name: account.username, password: 'A-new-password-1' })).status,
    ).toBe(200);

    expect(
      (await call('POST', '/api/auth/forgot-password', { email: account.email }, undefined, '10.6.2.2')).status,
    ).toBe(200);
    const expired = await latestMailToken(db(), account.email, '/reset-password');
    await db()
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('purpose', '=', 'reset_password')
      .execute();
    expectLegacyError(
      await call('POST', '/api/auth/reset-password', { token: expired, password: 'A-new-password-3' }),
      400,
      'Invalid or expired password reset link',
    );
  });

  it('without SMTP_URL the worker writes each mail as an .eml file under DATA_DIR/mail/', async () => {
    let worker: RunningWorker | undefined;
    try {
      worker = await startTestWorker(suite.platform);
      const account = newAccount();
      expect((await call('POST', '/api/auth/register', account)).status).toBe(201);
      const folder = path.join(suite.platform.dataDir, 'mail');
      const file = await expect
        .poll(
          async () => (await readdir(folder).catch(() => [] as string[])).find((name) => name.includes(account.email)),
          { timeout: 10_000 },
        )
        .toBeTruthy()
        .then(async () => (await readdir(folder)).find((name) => name.includes(account.email))!);
      const raw = await readFile(path.join(folder, file), 'utf8');
      expect(raw).toContain(`To: ${account.email}`);
      const token = tokenFromText(decodeQuotedPrintable(raw), '/verify-email');
      expect((await call('GET', `/api/auth/confirm-email?token=${token}`)).status).toBe(200);
    } finally {
      await worker?.stop();
    }
  });
});

describe('verification mail through a real SMTP exchange', () => {
  let platform: TestPlatform;
  let smtp: SmtpCatcher;
  let worker: RunningWorker | undefined;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://client.test',
    });
    worker = await startTestWorker(platform);
  });
  afterAll(async () => {
    await worker?.stop();
    await platform?.stop();
    await smtp?.close();
  });

  it('delivers the verification mail over SMTP (after a temporary refusal), and its link verifies the address', async () => {
    smtp.refuseNext = 1;
    const account = newAccount();
    const registered = await http(platform.url, 'POST', '/api/auth/register', account);
    expect(registered.status).toBe(201);
    const notYet = await http(platform.url, 'POST', '/api/auth/login', {
      login_name: account.username,
      password: account.password,
    });
    expect(notYet.status).toBe(403);

    const message = await smtp.waitForMail(account.email);
    expect(smtp.refuseNext).toBe(0);
    expect(message).toContain('Subject: Verify your email address');
    expect(message).toMatch(/From: BZU <no-reply@bzu\.example>/);
    const token = tokenFromText(message, '/verify-email');
    expect(message).toContain(`http://client.test/verify-email?token=${token}`);

    // The job carried only the outbox id; once sent, the stored body (with the link) is gone.
    const outboxRow = () =>
      platform.platform.infra.db
        .selectFrom('email_outbox')
        .selectAll()
        .where('to_address', '=', account.email)
        .executeTakeFirstOrThrow();
    // The SMTP server has the message a moment before the worker records it as sent.
    await expect.poll(async () => (await outboxRow()).sent_at, { timeout: 5_000, interval: 50 }).not.toBeNull();
    const row = await outboxRow();
    expect(row.text_body).toBeNull();
    expect(row.attempts).toBe(2);
    const job = await platform.platform.infra.jobs.queue('email').getJob(`email-${row.id}`);
    expect(job?.data).toEqual({ outboxId: row.id });
    // Running the same job again sends nothing twice.
    expect(await platform.platform.services.auth.mail.deliver(row.id)).toBe('already-sent');

    const confirmed = await http(platform.url, 'GET', `/api/auth/confirm-email?token=${token}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user.emailVerified).toBe(true);
    const login = await http(platform.url, 'POST', '/api/auth/login', {
      login_name: account.email,
      password: account.password,
    });
    expect(login.status).toBe(200);
    expect(smtp.received.filter((m) => m.to.includes(account.email))).toHaveLength(1);
  });

  it('the housekeeping sweep re-enqueues mail whose enqueue failed, and it is delivered once', async () => {
    const db = platform.platform.infra.db;
    // As if Redis had been away: the row committed, the job never made it to the queue.
    const { id } = await db
      .insertInto('email_outbox')
      .values({
        kind: 'test',
        to_address: 'swept@example.com',
        subject: 'Swept',
        text_body: 'hello',
        html_body: null,
        created_at: new Date(Date.now() - 5 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const result = (await housekeepingHandlers.tick(
      {},
      {
        infra: platform.platform.infra,
        services: platform.platform.services,
        logger: createLogger('silent', 'worker'),
        jobId: 'test',
        attempt: 1,
        enqueuedAt: Date.now(),
        rateLimit: () => Promise.reject(new Error('not rate limited in this test')),
      },
    )) as { requeuedMail: number };
    expect(result.requeuedMail).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes('swept@example.com')).length, { timeout: 10_000 })
      .toBe(1);
    await expect
      .poll(
        async () =>
          (await db.selectFrom('email_outbox').select('sent_at').where('id', '=', id).executeTakeFirstOrThrow())
            .sent_at,
      )
      .not.toBeNull();
    // A second sweep finds nothing left to send.
    expect(await platform.platform.services.auth.mail.requeueStale()).toBe(0);
  });
});
