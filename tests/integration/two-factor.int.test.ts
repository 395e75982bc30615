import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { totpCode } from '../support/two-factor.js';
import { deliverWebhook, depositReport, trpc, WALLET_TEST_ENV } from '../support/wallet.js';

const PAYOUT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('two-factor authentication (TOTP)', () => {
  let platform: TestPlatform;

  const call = (kind: 'query' | 'mutation', path: string, token: string, input?: unknown) =>
    trpc(platform, kind, path, input, token);
  const data = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  const errorCode = (answer: { status: number; body: any }) => [
    answer.status,
    answer.body.error?.data?.domainCode ?? answer.body.error?.message,
  ];
  /** Signs a user in and turns 2FA on; answers the secret, the code used and the recovery codes. */
  const enabledAccount = async () => {
    const player = await signedInAccount(platform);
    const setup = data(await call('mutation', 'auth.twoFactor.begin', player.token));
    const code = totpCode(setup.secret);
    const { recoveryCodes } = data(await call('mutation', 'auth.twoFactor.confirm', player.token, { code }));
    return { ...player, secret: setup.secret as string, code, recoveryCodes: recoveryCodes as string[] };
  };

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      TWO_FACTOR_ISSUER: 'BZU Test',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('enables with the first valid code, returns recovery codes once and keeps the secret encrypted', async () => {
    const player = await signedInAccount(platform);
    expect(data(await call('query', 'auth.twoFactor.status', player.token))).toEqual({
      enabled: false,
      enabledAt: null,
      pending: false,
      recoveryCodesLeft: 0,
    });
    expect(errorCode(await call('mutation', 'auth.twoFactor.confirm', player.token, { code: '123456' }))).toEqual([
      400,
      'TWO_FACTOR_NOT_STARTED',
    ]);

    const setup = data(await call('mutation', 'auth.twoFactor.begin', player.token));
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toBe(
      `otpauth://totp/BZU%20Test:${player.account.username}?issuer=BZU%20Test&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    expect(data(await call('query', 'auth.twoFactor.status', player.token))).toMatchObject({
      enabled: false,
      pending: true,
    });
    const row = await platform.platform.infra.db
      .selectFrom('user_two_factor')
      .selectAll()
      .where('user_id', '=', player.user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(setup.secret);

    // A wrong code is refused and changes nothing.
    const wrong = totpCode(setup.secret, Date.now() + 10 * 60_000);
    expect(errorCode(await call('mutation', 'auth.twoFactor.confirm', player.token, { code: wrong }))).toEqual([
      400,
      'INVALID_TWO_FACTOR_CODE',
    ]);
    expect(data(await call('query', 'auth.twoFactor.status', player.token))).toMatchObject({
      enabled: false,
      pending: true,
    });

    const code = totpCode(setup.secret);
    const confirmed = data(await call('mutation', 'auth.twoFactor.confirm', player.token, { code }));
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    for (const recovery of confirmed.recoveryCodes) expect(recovery).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const status = data(await call('query', 'auth.twoFactor.status', player.token));
    expect(status).toMatchObject({ enabled: true, pending: false, recoveryCodesLeft: 10 });
    expect(new Date(status.enabledAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Stored hashed only; the secret is never handed out again.
    const stored = await platform.platform.infra.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', player.user.id)
      .execute();
    expect(
      stored
        .map((r) => r.code_hash)
        .some((hash) => confirmed.recoveryCodes.some((c: string) => hash.includes(c.replace('-', '')))),
    ).toBe(false);
    expect(errorCode(await call('mutation', 'auth.twoFactor.begin', player.token))).toEqual([
      409,
      'TWO_FACTOR_ENABLED',
    ]);
    expect(errorCode(await call('mutation', 'auth.twoFactor.confirm', player.token, { code }))).toEqual([
      409,
      'TWO_FACTOR_ENABLED',
    ]);
  });

  it('requires a fresh code for withdrawals: missing, wrong and replayed codes are refused; a recovery code works once', async () => {
    const player = await enabledAccount();
    const address = data(await call('query', 'wallet.depositAddress', player.token, { network: 'ERC20' })).address;
    expect((await deliverWebhook(platform, depositReport(address, '20'))).body).toMatchObject({ credited: true });
    const request = {
      amount: '1',
      asset: 'USDT',
      network: 'ERC20',
      address: PAYOUT_ADDRESS,
      password: player.account.password,
    };

    expect(errorCode(await call('mutation', 'wallet.withdraw', player.token, request))).toEqual([
      400,
      'TWO_FACTOR_REQUIRED',
    ]);
    const wrong = totpCode(player.secret, Date.now() + 10 * 60_000);
    expect(errorCode(await call('mutation', 'wallet.withdraw', player.token, { ...request, otp: wrong }))).toEqual([
      400,
      'INVALID_TWO_FACTOR_CODE',
    ]);
    // The code that enabled 2FA is still inside its window, but it has been used.
    expect(
      errorCode(await call('mutation', 'wallet.withdraw', player.token, { ...request, otp: player.code })),
    ).toEqual([400, 'TWO_FACTOR_CODE_USED']);
    // The next step's code (the +1 window) is accepted once, even when sent twice at the same time.
    const next = totpCode(player.secret, Date.now() + 30_000);
    const pair = await Promise.all(
      [1, 2].map(() => call('mutation', 'wallet.withdraw', player.token, { ...request, otp: next })),
    );
    expect(pair.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(data(await call('query', 'wallet.balances', player.token)).USD).toBe('19');

    const [recovery] = player.recoveryCodes;
    data(await call('mutation', 'wallet.withdraw', player.token, { ...request, otp: recovery!.toUpperCase() }));
    expect(errorCode(await call('mutation', 'wallet.withdraw', player.token, { ...request, otp: recovery }))).toEqual([
      400,
      'INVALID_TWO_FACTOR_CODE',
    ]);
    expect(data(await call('query', 'auth.twoFactor.status', player.token)).recoveryCodesLeft).toBe(9);
    expect(data(await call('query', 'wallet.balances', player.token)).USD).toBe('18');

    // An account without 2FA withdraws with its password alone, as before.
    const plain = await signedInAccount(platform);
    const plainAddress = data(await call('query', 'wallet.depositAddress', plain.token, { network: 'ERC20' })).address;
    await deliverWebhook(platform, depositReport(plainAddress, '5'));
    data(await call('mutation', 'wallet.withdraw', plain.token, { ...request, password: plain.account.password }));
  });

  it('turns off only with the password and a valid code', async () => {
    const player = await enabledAccount();
    const password = player.account.password;
    expect((await call('mutation', 'auth.twoFactor.disable', player.token, { password })).status).toBe(400);
    expect(
      errorCode(
        await call('mutation', 'auth.twoFactor.disable', player.token, {
          password,
          code: totpCode(player.secret, Date.now() + 10 * 60_000),
        }),
      ),
    ).toEqual([400, 'INVALID_TWO_FACTOR_CODE']);
    const fresh = totpCode(player.secret, Date.now() + 30_000);
    expect(
      errorCode(
        await call('mutation', 'auth.twoFactor.disable', player.token, { password: 'not-the-password', code: fresh }),
      ),
    ).toEqual([400, 'INVALID_PASSWORD']);
    expect(data(await call('query', 'auth.twoFactor.status', player.token)).enabled).toBe(true);
    expect(
      data(await call('mutation', 'auth.twoFactor.disable', player.token, { password, code: fresh })).message,
    ).toMatch(/off/);
    expect(data(await call('query', 'auth.twoFactor.status', player.token))).toEqual({
      enabled: false,
      enabledAt: null,
      pending: false,
      recoveryCodesLeft: 0,
    });
    expect(
      errorCode(await call('mutation', 'auth.twoFactor.disable', player.token, { password, code: fresh })),
    ).toEqual([409, 'TWO_FACTOR_NOT_ENABLED']);

    // Re-enabled, a recovery code also turns it off; the old recovery codes are gone.
    const again = await enabledAccount();
    data(
      await call('mutation', 'auth.twoFactor.disable', again.token, {
        password: again.account.password,
        code: again.recoveryCodes[3],
      }),
    );
    expect(
      await platform.platform.infra.db
        .selectFrom('two_factor_recovery_codes')
        .select('id')
        .where('user_id', '=', again.user.id)
        .execute(),
    ).toEqual([]);
  });

  it('rate-limits code attempts per account', async () => {
    const player = await enabledAccount();
    const wrong = totpCode(player.secret, Date.now() + 10 * 60_000);
    const answers = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      answers.push(
        (
          await call('mutation', 'auth.twoFactor.disable', player.token, {
            password: player.account.password,
            code: wrong,
          })
        ).status,
      );
    }
    expect(answers).toEqual([400, 400, 400, 400, 400, 400, 429]);
    // Even a right code waits until the window passes.
    const limited = await call('mutation', 'auth.twoFactor.disable', player.token, {
      password: player.account.password,
      code: player.recoveryCodes[0],
    });
    expect(limited.status).toBe(429);
    expect(data(await call('query', 'auth.twoFactor.status', player.token)).enabled).toBe(true);
  });
});
