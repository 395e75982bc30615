/**
 * What a caller may spend on the API per window: every request pays, the signed-in too (issue #40: one account on 16
 * connections sent 438 calls a second and made another player's bet 50 times slower).
 *
 * - A request with a live session spends its ACCOUNT's budget (all its sessions and addresses together), kept in
 *   this process's memory: no Redis round trip on a bet, and nothing to wait for while Redis is away. With several
 *   server processes each allows the budget on its own.
 * - A request without one spends its ADDRESS's budget (the anonymous budget, on Redis, shared by the processes).
 *
 * A bearer token is looked up once a minute and its answer remembered (also for made-up ones), so the budget costs
 * no query per request.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddress from 'proxy-addr';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitSetting } from '../env.js';
import type { BudgetAnswer, CallBudget } from '../infra/call-budget.js';

/** Keys seen recently, each remembered for ttlMs; at most maxEntries (the oldest go first). */
export class RecentKeys<V = true> {
  private readonly seen = new Map<string, { until: number; value: V }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.seen.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > Date.now()) return entry.value;
    this.seen.delete(key);
    return undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  add(key: string, value: V = true as V): void {
    // Oldest first (insertion order): dropping the first entry keeps the map bounded.
    if (this.seen.size >= this.maxEntries) this.seen.delete(this.seen.keys().next().value!);
    this.seen.set(key, { until: Date.now() + this.ttlMs, value });
  }
}

export interface RequestBudgetDeps {
  anonymous: CallBudget;
  account: RateLimitSetting;
  /** The user id of a live session's token; undefined for none. Throws when it cannot tell (database away). */
  sessionUser(token: string): Promise<number | undefined>;
}

export class RequestBudget {
  private readonly accounts: RateLimiterMemory;
  private readonly tokens = new RecentKeys<number | null>(60_000, 20_000);

  constructor(private readonly deps: RequestBudgetDeps) {
    this.accounts = new RateLimiterMemory({
      keyPrefix: 'account-calls',
      points: deps.account.points,
      duration: deps.account.durationSeconds,
    });
  }

  /** The signed-in user a token belongs to (remembered a minute); undefined for none or when it cannot tell. */
  async userOf(token: string | undefined): Promise<number | undefined> {
    if (token === undefined) return undefined;
    const hash = createHash('sha256').update(token).digest('base64url');
    const known = this.tokens.get(hash);
    if (known !== undefined) return known ?? undefined;
    // A lookup that fails counts the request as anonymous and remembers nothing: the procedure then meets the same
    // failure and answers it in its own shape (503, or a logged 500).
    const user = await this.deps.sessionUser(token).catch(() => 'unknown' as const);
    if (user === 'unknown') return undefined;
    this.tokens.add(hash, user ?? null);
    return user;
  }

  /** Spends `points` of the token's account budget, or of the address's when the token is no live session. */
  async take(request: { token?: string; ip: string }, points = 1): Promise<BudgetAnswer> {
    const user = await this.userOf(request.token);
    if (user === undefined) return this.deps.anonymous.take(request.ip, points);
    try {
      await this.accounts.consume(String(user), points);
      return { ok: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes)
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      throw rejection;
    }
  }
}

/** Express's "trust proxy" function for TRUST_PROXY (env.ts): which hops' X-Forwarded-For may name the client. */
export function trustProxyFn(setting: boolean | number | string[]): (address: string, hop: number) => boolean {
  if (setting === true) return () => true;
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddress.compile(setting);
}

/** The client address of a request (an HTTP request or a socket's upgrade) under that trust. */
export function clientAddress(request: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  return proxyAddress(request, trust);
}
