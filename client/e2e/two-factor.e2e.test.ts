import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { totpCode } from '../../tests/support/two-factor.js';
import { trpc } from '../../tests/support/wallet.js';
import { DESKTOP, expectPath, visit } from './support/page-helpers.js';
import { browserSuite } from './support/browser-suite.js';
import { seedSession } from './support/session-seed.js';

/** Two-factor set-up and removal on /account/settings, plus referral links, in Chromium. */
describe('two-factor authentication in the browser', () => {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS });

  /** A page whose session store starts signed in as a fresh verified account. */
  async function signedInPage() {
    const signedIn = await signedInAccount(suite.platform);
    const profile = await http(suite.platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    await seedSession(context, { token: signedIn.token, user: profile.body });
    return { ...signedIn, page: await context.newPage() };
  }

  it('turns 2FA on with a code from the secret on screen, shows recovery codes, survives a reload, and turns it off', async () => {
    const { page, account, token } = await signedInPage();
    await visit(page, suite.platform.url, '/account/settings');
    const card = page.getByTestId('two-factor-card');
    await card.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await expect.poll(() => card.getByTestId('two-factor-status').textContent()).toBe('Off');

    await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = (await card.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const qr = card.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 100)).toBe(true);
    console.log('screenshot', await screenshot(page, 'two-factor-setup'));

    // A wrong code first: refused with a message, still in set-up.
    const codeInput = card.getByLabel(/6-digit code/);
    await codeInput.fill(totpCode(secret, Date.now() + 10 * 60_000));
    await codeInput.press('Enter');
    await expect.poll(() => card.getByRole('alert').innerText()).toMatch(/not valid/);

    await codeInput.fill(totpCode(secret));
    await card.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    const codes = card.getByTestId('recovery-codes').getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    for (const text of await codes.allInnerTexts()) expect(text.trim()).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    // Issue #24: it is on as soon as the recovery codes show, not only after a reload.
    expect(await card.getByTestId('two-factor-status').textContent()).toBe('On');
    console.log('screenshot', await screenshot(page, 'two-factor-recovery-codes'));
    await card.getByRole('button', { name: 'I have saved my recovery codes' }).click();

    await page.reload();
    await card.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await expect.poll(() => card.getByTestId('two-factor-status').textContent()).toBe('On');
    expect(await card.getByTestId('recovery-codes-left').innerText()).toBe('10');
    expect(
      (await trpc(suite.platform, 'query', 'auth.twoFactor.status', undefined, token)).body.result.data.enabled,
    ).toBe(true);
    console.log('screenshot', await screenshot(page, 'two-factor-enabled'));

    // Turn it off with the password and a fresh code (the next time step's), by keyboard.
    await card.getByLabel(/^Password/).fill(account.password);
    const offCode = card.getByLabel(/^Authentication code/);
    await offCode.fill(totpCode(secret, Date.now() + 30_000));
    await offCode.press('Enter');
    await expect.poll(() => card.getByTestId('two-factor-status').textContent(), { timeout: 10_000 }).toBe('Off');
    await card.getByRole('button', { name: 'Set up two-factor authentication' }).waitFor();
    expect(
      (await trpc(suite.platform, 'query', 'auth.twoFactor.status', undefined, token)).body.result.data.enabled,
    ).toBe(false);
    console.log('screenshot', await screenshot(page, 'two-factor-disabled'));
    await page.context().close();
  });

  it('with 2FA on, the login modal asks for the code as a second step (a wrong code keeps it there), and revoking another session takes a code', async () => {
    const signedIn = await signedInAccount(suite.platform);
    const setup = (await trpc(suite.platform, 'mutation', 'auth.twoFactor.begin', undefined, signedIn.token)).body
      .result.data;
    const confirmed = await trpc(
      suite.platform,
      'mutation',
      'auth.twoFactor.confirm',
      { code: totpCode(setup.secret) },
      signedIn.token,
    );
    expect(confirmed.status).toBe(200);

    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await visit(page, suite.platform.url, '/');
    await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username or email').fill(signedIn.account.username);
    await dialog.getByLabel(/^Password/).fill(signedIn.account.password);
    await dialog.getByRole('button', { name: 'LOGIN', exact: true }).click();

    // The right password alone: no session, the code field instead.
    const code = dialog.getByLabel(/^Two-factor code/);
    await code.waitFor({ timeout: 10_000 });
    expect(await dialog.getByLabel('Username or email').isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    console.log('screenshot', await screenshot(page, 'two-factor-login-step'));

    await code.fill(totpCode(setup.secret, Date.now() + 10 * 60_000));
    await dialog.getByRole('button', { name: 'VERIFY', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toMatch(/not valid/);
    expect(await code.isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    console.log('screenshot', await screenshot(page, 'two-factor-login-wrong-code'));

    // Enabling used the current time step's code: the next step's is the fresh one.
    await code.fill(totpCode(setup.secret, Date.now() + 30_000));
    await code.press('Enter');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 10_000 }).not.toBeNull();
    await expect.poll(() => dialog.count()).toBe(0);
    console.log('screenshot', await screenshot(page, 'two-factor-login-signed-in'));

    // Signing the other session (the API login above) out needs a code too: a recovery code here.
    const { recoveryCodes } = confirmed.body.result.data as { recoveryCodes: string[] };
    await visit(page, suite.platform.url, '/account/settings');
    const revoke = page.getByRole('button', { name: /^Revoke session/ });
    await revoke.waitFor({ timeout: 10_000 });
    await revoke.click();
    await expect
      .poll(() => page.getByText(/two-factor code is required/i).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(
      (await http(suite.platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token })).status,
    ).toBe(200);
    await page
      .getByTestId('sessions-card')
      .getByLabel(/^Two-factor code/)
      .fill(recoveryCodes[0]!);
    console.log('screenshot', await screenshot(page, 'two-factor-revoke-session'));
    await revoke.click();
    await expect.poll(() => revoke.count(), { timeout: 10_000 }).toBe(0);
    expect(
      (await http(suite.platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token })).status,
    ).toBe(401);
    await context.close();
  });

  it('remembers a referral code from /r/CODE and from ?ref=', async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page: Page = await context.newPage();
    await visit(page, suite.platform.url, '/r/Friend2026');
    await expectPath(page, '/');
    expect(await page.evaluate(() => localStorage.getItem('bzu.referralCode'))).toBe('Friend2026');
    await visit(page, suite.platform.url, '/casino?ref=Other123');
    expect(await page.evaluate(() => localStorage.getItem('bzu.referralCode'))).toBe('Other123');
    await context.close();
  });
});
