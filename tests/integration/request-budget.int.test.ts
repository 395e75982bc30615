import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { PLAYING_TEST_ENV } from '../support/wallet.js';

const batch = (path: string, calls: number) => `/api/trpc/${Array(calls).fill(path).join(',')}?batch=1`;

/**
 * Every caller has a budget (issue #40): a signed-in account its own (it used to have none: 16 connections of
 * `bets.mine` slowed every other player's bet 50-fold), REST an address's like tRPC's, and X-Forwarded-For names
 * the client only behind a proxy TRUST_PROXY names.
 */
describe('request budgets', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...PLAYING_TEST_ENV,
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      RATE_LIMIT_ACCOUNT_CALLS: '30/60',
      RATE_LIMIT_ANONYMOUS_CALLS: '12/60',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('refuses a signed-in account past its budget with 429 and Retry-After, on every address and over REST too', async () => {
    const flooder = await signedInAccount(platform, {}, '10.92.0.1');
    const other = await signedInAccount(platform, {}, '10.92.0.1');
    for (let i = 0; i < 3; i += 1) {
      const answer = await http(platform.url, 'GET', batch('bets.mine', 10), undefined, {
        token: flooder.token,
        ip: '10.92.0.1',
      });
      expect(answer.status).toBe(200);
    }
    const refused = await http(platform.url, 'GET', batch('bets.mine', 1), undefined, {
      token: flooder.token,
      ip: '10.92.0.2',
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', domainCode: 'RATE_LIMITED' });
    // The same account over REST, a bet on the fast path included: refused with the legacy body, nothing placed.
    const rest = await http(platform.url, 'GET', '/api/wallet/balances', undefined, { token: flooder.token });
    expect(rest.status).toBe(429);
    expect(rest.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    const bet = await http(
      platform.url,
      'POST',
      '/api/games/dice/bets',
      { amount: '0.01', currency: 'USD', target: 50, direction: 'over' },
      { token: flooder.token },
    );
    expect(bet.status).toBe(429);
    // And the web client's own bet (tRPC, answered ahead of Express): tRPC's 429.
    const clientBet = await http(
      platform.url,
      'POST',
      '/api/trpc/games.dice.bet?batch=1',
      { 0: { amount: '0.01', currency: 'USD', target: 50, condition: 'over' } },
      { token: flooder.token },
    );
    expect(clientBet.status).toBe(429);
    expect(clientBet.body.error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', domainCode: 'RATE_LIMITED' });
    // Another player on the same address is not held by it.
    const fine = await http(platform.url, 'GET', batch('bets.mine', 10), undefined, {
      token: other.token,
      ip: '10.92.0.1',
    });
    expect(fine.status).toBe(200);
  });

  it("spends an anonymous REST caller's address budget: the 13th crash history read is a 429, another address reads on", async () => {
    const ip = '10.92.1.1';
    for (let i = 0; i < 12; i += 1) {
      const answer = await http(platform.url, 'GET', '/api/crash/rounds?limit=100', undefined, { ip });
      expect(answer.status).toBe(200);
    }
    const refused = await http(platform.url, 'GET', '/api/crash/rounds?limit=100', undefined, { ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await http(platform.url, 'GET', '/api/crash/rounds', undefined, { ip: '10.92.1.2' })).status).toBe(200);
    // A provider's signed wallet call from the spent address is not counted (its signature authenticates it).
    const wallet = await http(platform.url, 'POST', '/api/providers/nobody/balance', {}, { ip });
    expect(wallet.status).not.toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, RATE_LIMIT_ANONYMOUS_CALLS: '12/60', TRUST_PROXY: 'false' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('ignores X-Forwarded-For unless a proxy is trusted: one client posing as 20 addresses has one budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await http(platform.url, 'GET', '/api/crash/rounds', undefined, { ip: `10.93.0.${i + 1}` });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(12);
    expect(statuses.slice(12)).toEqual(Array(8).fill(429));
  });
});
