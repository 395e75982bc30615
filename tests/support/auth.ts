import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { Db } from '../../db/client.js';
import type { TestPlatform } from './platform.js';

/** Cheaper argon2 for test files that only need accounts, not the production cost (tests only). */
export const FAST_HASHING = { ARGON2_MEMORY_KIB: '4096', ARGON2_TIME_COST: '1' } as const;

/** Table limits wide enough for any stake a game test places: cent bets, no practical profit cap. */
export const OPEN_TABLE_LIMITS = { GAME_MIN_BET_USD: '0.01', GAME_MAX_PROFIT_USD: '100000000' } as const;

/** Limits high enough that a test file's own requests never hit them, unless a test wants to. */
export const RELAXED_LIMITS = {
  RATE_LIMIT_LOGIN_IP: '1000/60',
  RATE_LIMIT_LOGIN_ACCOUNT: '1000/60',
  RATE_LIMIT_LOGIN_ACCOUNT_GLOBAL: '1000/60',
  RATE_LIMIT_CONFIRM_PASSWORD: '1000/60',
  RATE_LIMIT_REGISTER_IP: '1000/60',
  RATE_LIMIT_REGISTER_EMAIL: '1000/60',
  RATE_LIMIT_RESEND_IP: '1000/60',
  RATE_LIMIT_RESEND_EMAIL: '1000/60',
  RATE_LIMIT_FORGOT_IP: '1000/60',
  RATE_LIMIT_FORGOT_EMAIL: '1000/60',
} as const;

export interface HttpResult {
  status: number;
  headers: Headers;
  body: any;
}

export interface RequestOptions {
  token?: string;
  /** Seen by the server as the client's address (it trusts X-Forwarded-For from loopback). */
  ip?: string;
  headers?: Record<string, string>;
}

export async function http(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** A fresh, valid set of registration fields (legacy wire names). */
export function newAccount(
  overrides: Partial<Record<'email' | 'username' | 'public_username' | 'password', string>> = {},
) {
  const tag = randomBytes(3).toString('hex');
  return {
    email: `p${tag}@example.com`,
    username: `u${tag}`,
    public_username: `d${tag}`,
    password: `Correct-horse-${tag}`,
    ...overrides,
  };
}

/**
 * The token in the newest mail to `email`: from the outbox while it waits there, or, once a running worker has sent
 * it (a sent mail's body is cleared from the outbox), from the file the development mailer wrote under `mailDir`.
 */
export async function latestMailToken(
  db: Db,
  email: string,
  pagePath: '/verify-email' | '/reset-password',
  mailDir?: string,
): Promise<string> {
  const mail = await db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', email.toLowerCase())
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  if (mail.text_body === null && mail.sent_at !== null && mailDir)
    return tokenFromText(await sentMailText(mailDir, email), pagePath);
  return tokenFromText(mail.text_body ?? '', pagePath);
}

/** The newest .eml file to `email` under `mailDir`, quoted-printable soft breaks and `=3D` undone. */
async function sentMailText(mailDir: string, email: string): Promise<string> {
  const files = (await readdir(mailDir))
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const name of files) {
    const text = (await readFile(path.join(mailDir, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(text)) return text;
  }
  return '';
}

export function tokenFromText(text: string, pagePath: string): string {
  const match = new RegExp(`https?://\\S+${pagePath}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${pagePath} link in: ${text}`);
  return match[1]!;
}

/** Registers, confirms the address through its link and logs in: a ready signed-in account. */
export async function signedInAccount(
  platform: TestPlatform,
  overrides: Parameters<typeof newAccount>[0] = {},
  ip?: string,
) {
  const account = newAccount(overrides);
  const registered = await http(platform.url, 'POST', '/api/auth/register', account, { ip });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const token = await latestMailToken(
    platform.platform.infra.db,
    account.email,
    '/verify-email',
    path.join(platform.dataDir, 'mail'),
  );
  const confirmed = await http(platform.url, 'GET', `/api/auth/confirm-email?token=${token}`, undefined, { ip });
  expect(confirmed.status).toBe(200);
  const login = await http(
    platform.url,
    'POST',
    '/api/auth/login',
    { login_name: account.username, password: account.password },
    { ip },
  );
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { account, token: login.body.token as string, user: login.body.user };
}

/** Every row of the auth tables, to prove a request changed nothing. */
export async function authSnapshot(db: Db): Promise<string> {
  const [users, sessions, tokens, outbox] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('sessions').selectAll().orderBy('id').execute(),
    db.selectFrom('email_tokens').selectAll().orderBy('id').execute(),
    db.selectFrom('email_outbox').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ users, sessions, tokens, outbox });
}

export function expectLegacyError(result: HttpResult, status: number, message: string | RegExp, code?: string): void {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  if (typeof message === 'string') expect(result.body.message).toBe(message);
  else expect(result.body.message).toMatch(message);
  expect(result.body.error).toBe(result.body.message);
  expect(typeof result.body.code).toBe('string');
  if (code) expect(result.body.code).toBe(code);
}

/** The exact key set of API.md's user object. */
export const LEGACY_USER_KEYS = [
  'id',
  'username',
  'loginName',
  'public_username',
  'publicUsername',
  'email',
  'currency',
  'balance',
  'bzuBalance',
  'emailVerified',
  'role',
  'isAdmin',
  'isModerator',
  'createdAt',
].sort();
