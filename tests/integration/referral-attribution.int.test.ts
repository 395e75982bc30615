import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, http, newAccount, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { trpc } from '../support/wallet.js';

describe('referral attribution', () => {
  let platform: TestPlatform;
  let referrer: Awaited<ReturnType<typeof signedInAccount>>;
  let code: string;

  const db = () => platform.platform.infra.db;
  const referrerOf = (userId: number) => platform.platform.services.wallet.referrals.referrerOf(userId);
  const codes = async (token: string) => {
    const answer = await trpc(platform, 'query', 'account.referrals.codes', undefined, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data as Array<{
      code: string;
      signups: number;
      wagered: Record<string, string>;
      commission: { accrued: Record<string, string>; claimed: Record<string, string> };
    }>;
  };
  /** Registers over tRPC (the SPA's path); answers the new user's id. */
  const registerWithRef = async (ref: unknown) => {
    const account = newAccount();
    const answer = await trpc(platform, 'mutation', 'auth.register', {
      email: account.email,
      loginName: account.username,
      password: account.password,
      ref,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data.user.id as number;
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS });
    referrer = await signedInAccount(platform);
    code = `Ref${referrer.user.id}x`;
    expect((await trpc(platform, 'mutation', 'account.referrals.createCode', { code }, referrer.token)).status).toBe(
      200,
    );
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('attributes a tRPC registration with ?ref= to the code owner, ignoring case', async () => {
    const refereeId = await registerWithRef(code.toLowerCase());
    expect(await referrerOf(refereeId)).toBe(referrer.user.id);
    const [stats] = await codes(referrer.token);
    expect(stats).toMatchObject({
      code,
      signups: 1,
      wagered: { USD: '0', BZU: '0' },
      commission: { accrued: { USD: '0', BZU: '0' }, claimed: { USD: '0', BZU: '0' } },
    });
  });

  it('attributes a legacy POST /api/auth/register with `ref` in the body', async () => {
    const account = newAccount();
    const answer = await http(platform.url, 'POST', '/api/auth/register', { ...account, ref: code });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(await referrerOf(Number(answer.body.user.id))).toBe(referrer.user.id);
    expect((await codes(referrer.token))[0]!.signups).toBe(2);
  });

  it('registers normally with an unknown, malformed or missing code and attributes nothing', async () => {
    for (const ref of ['NoSuchCode1', 'bad code!', '', 42, null, undefined]) {
      expect(await referrerOf(await registerWithRef(ref))).toBeUndefined();
    }
    const legacy = await http(platform.url, 'POST', '/api/auth/register', { ...newAccount(), ref: 'Unknown99' });
    expect(legacy.status).toBe(201);
    expect(await referrerOf(Number(legacy.body.user.id))).toBeUndefined();
  });

  it('keeps one referrer per player and refuses self-referral', async () => {
    const other = await signedInAccount(platform);
    const otherCode = `Oth${other.user.id}x`;
    expect(
      (await trpc(platform, 'mutation', 'account.referrals.createCode', { code: otherCode }, other.token)).status,
    ).toBe(200);
    const refereeId = await registerWithRef(code);
    const referrals = platform.platform.services.wallet.referrals;
    expect(await referrals.attribute(db(), refereeId, otherCode)).toBe('already-referred');
    expect(await referrerOf(refereeId)).toBe(referrer.user.id);
    expect(await referrals.attribute(db(), other.user.id, otherCode)).toBe('self-referral');
    expect(await referrerOf(other.user.id)).toBeUndefined();
    // The database refuses it too.
    await expect(
      db().insertInto('referrals').values({ referee_id: other.user.id, referrer_id: other.user.id }).execute(),
    ).rejects.toThrow(/referrals_not_self/);
  });

  it('reports wagered amounts and commission accrued and claimed per code', async () => {
    const refereeId = await registerWithRef(code);
    const second = `Two${referrer.user.id}y`;
    expect(
      (await trpc(platform, 'mutation', 'account.referrals.createCode', { code: second }, referrer.token)).status,
    ).toBe(200);
    const viaSecond = await registerWithRef(second);
    const referrals = platform.platform.services.wallet.referrals;
    const accrue = (referee: number, key: string, wagered: bigint) =>
      referrals.accrue({
        referrerId: referrer.user.id,
        refereeId: referee,
        sourceKey: key,
        currency: 'USD',
        wagered: wagered * 100_000_000n,
        houseEdgePpm: 20_000,
      });
    await accrue(refereeId, `test-bet:${refereeId}:1`, 100n);
    await accrue(viaSecond, `test-bet:${viaSecond}:1`, 50n);
    let stats = await codes(referrer.token);
    expect(
      stats.map((s) => [s.code, s.signups, s.wagered.USD, s.commission.accrued.USD, s.commission.claimed.USD]),
    ).toEqual([
      [second, 1, '50', '0.05', '0'],
      [code, 4, '100', '0.1', '0'],
    ]);
    expect((await trpc(platform, 'mutation', 'account.referrals.claim', {}, referrer.token)).body.result.data).toEqual({
      claimed: { USD: '0.15', BZU: '0' },
    });
    await accrue(refereeId, `test-bet:${refereeId}:2`, 10n);
    stats = await codes(referrer.token);
    expect(stats.map((s) => [s.code, s.wagered.USD, s.commission.accrued.USD, s.commission.claimed.USD])).toEqual([
      [second, '50', '0.05', '0.05'],
      [code, '110', '0.11', '0.1'],
    ]);
  });
});
