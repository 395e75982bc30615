import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, newAccount, signedInAccount } from '../../tests/support/auth.js';
import { launchBrowser, screenshot } from '../../tests/support/browser.js';
import { decodeQuotedPrintable, startSmtpCatcher, type SmtpCatcher } from '../../tests/support/mail.js';
import { startTestPlatform, startTestWorker, type TestPlatform } from '../../tests/support/platform.js';
import { DESKTOP, expectPath, headingText, visit } from './support/page-helpers.js';
import { startTcpForwarder, type TcpForwarder } from './support/tcp-forwarder.js';

/**
 * Accounts end to end: the built client in Chromium against the real server, with the worker
 * running in-process and delivering mail to a real SMTP server. The browser uses a fixed address
 * in front of the server, which is also the server's PUBLIC_URL, so the links in the mails are
 * opened exactly as they arrive.
 */
describe('accounts in the browser', () => {
  let smtp: SmtpCatcher;
  let forwarder: TcpForwarder;
  let platform: TestPlatform;
  let worker: Awaited<ReturnType<typeof startTestWorker>>;
  let browser: Browser;
  let page: Page;
  let baseUrl: string;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    forwarder = await startTcpForwarder(null);
    baseUrl = forwarder.url;
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, SMTP_URL: smtp.url, PUBLIC_URL: baseUrl });
    forwarder.setTarget(platform.url);
    worker = await startTestWorker(platform);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
    await forwarder?.close();
    await platform?.stop();
    await smtp?.close();
  });
  beforeEach(async () => {
    page = await browser.newPage({ viewport: DESKTOP });
  });
  afterEach(async () => {
    await page?.context().close();
  });

  const stored = () =>
    page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null'),
    }));
  const notification = (text: string) => page.getByText(text).first();
  const profileStatus = (token: string) => http(platform.url, 'GET', '/api/auth/profile', undefined, { token });

  /** The one link to `pagePath` in the mail, exactly as written there. */
  function linkIn(mail: string, pagePath: string): string {
    const match = new RegExp(`https?://\\S+${pagePath}\\?token=[A-Za-z0-9_-]+`).exec(mail);
    if (!match) throw new Error(`no ${pagePath} link in: ${mail}`);
    return match[0];
  }

  async function logInThroughModal(login: string, password: string): Promise<void> {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username or email').fill(login);
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByRole('button', { name: 'LOGIN', exact: true }).click();
  }

  it('registers in the form, verifies through the mailed link, logs in, survives a reload, renames, manages sessions and logs out', async () => {
    const tag = randomBytes(3).toString('hex');
    const account = {
      email: `e2e${tag}@example.com`,
      loginName: `u${tag}`,
      displayName: `d${tag}`,
      password: `Correct-horse-${tag}`,
    };

    // ---- registration
    await visit(page, baseUrl, '/');
    await page.getByRole('button', { name: 'REGISTER', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Username').fill(account.loginName);
    await dialog.getByLabel('Display name').fill(account.displayName);
    await dialog.getByLabel(/^Password/).fill(account.password);
    await dialog.getByLabel('Confirm password').fill(account.password);
    await dialog.getByRole('checkbox').check();
    const registeredNotice = notification('Registration successful! Please verify your email.').waitFor({
      timeout: 15_000,
    });
    await dialog.getByRole('button', { name: 'REGISTER', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('heading', { name: 'Email Verification Required' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await dialog.innerText()).toContain(account.email);
    // Watched from the click on: it closes by itself after 5 s, which a loaded machine can spend on the checks above.
    await registeredNotice;
    // E-mail verification is on: registering does not sign in.
    expect((await stored()).token).toBeNull();
    await screenshot(page, 'accounts-registered');

    // Resend on this screen is a local notification only (spec section 4): no second mail.
    await dialog.getByRole('button', { name: 'Resend verification email' }).click();
    await expect.poll(() => notification('Verification email sent. Please check your inbox.').isVisible()).toBe(true);

    // ---- logging in before verifying
    await dialog.getByRole('button', { name: 'GO TO LOGIN' }).click();
    await expect.poll(() => dialog.getByRole('tab', { name: 'LOGIN' }).getAttribute('aria-selected')).toBe('true');
    await logInThroughModal(account.loginName, 'Wrong-password-123');
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('Invalid credentials');
    await screenshot(page, 'accounts-login-invalid-credentials');
    await logInThroughModal(account.loginName, account.password);
    await expect
      .poll(() => dialog.getByRole('alert').innerText())
      .toContain('Please verify your email address before logging in.');
    expect(await dialog.getByRole('link', { name: 'Send a new verification link' }).getAttribute('href')).toBe(
      '/resend-verification',
    );
    expect((await stored()).token).toBeNull();
    await screenshot(page, 'accounts-login-unverified');

    // ---- the mail, over SMTP, and its link
    const mail = await smtp.waitForMail(account.email, 'Verify your email address');
    expect(mail).toContain('Subject: Verify your email address');
    const link = linkIn(mail, '/verify-email');
    expect(link.startsWith(`${baseUrl}/verify-email?token=`)).toBe(true);
    await visit(page, link, '');
    await expect
      .poll(() => page.locator('main').innerText(), { timeout: 10_000 })
      .toContain('Your e-mail address is verified.');
    await screenshot(page, 'accounts-email-verified');

    // ---- logging in from the verification page
    await page.locator('main').getByRole('button', { name: 'GO TO LOGIN' }).click();
    await logInThroughModal(account.email, account.password);
    await expect.poll(() => notification('Login successful').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const menuButton = page.getByRole('button', { name: `Account menu for ${account.displayName}` });
    // The user menu loads just after the first paint (issue #17's first-screen budget).
    await expect.poll(() => menuButton.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'LOGIN', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('header-balance').innerText()).toMatch(/^0\.00\s*USD$/);
    const session = await stored();
    expect(session.token).toMatch(/\S{20,}/);
    // The stored user is the profile (auth.me), not a guess.
    expect(session.user).toMatchObject({
      loginName: account.loginName,
      publicUsername: account.displayName,
      email: account.email,
      emailVerified: true,
      currency: 'USD',
    });
    await menuButton.click();
    // Let the dropdown finish its opening transition before reading and capturing it.
    await page.waitForTimeout(400);
    const menuText = (await page.getByRole('menu').textContent()) ?? '';
    expect(menuText).toContain(account.displayName);
    expect(menuText).toContain('0.00 USD');
    expect(menuText).toContain('0.00 BZU');
    await screenshot(page, 'accounts-signed-in-menu');
    await page.keyboard.press('Escape');

    // ---- a reload keeps the session
    await page.reload();
    await page.locator('h1').first().waitFor();
    await expect.poll(() => menuButton.isVisible()).toBe(true);
    expect((await stored()).token).toBe(session.token);

    // ---- profile and display name
    await visit(page, baseUrl, '/account/profile');
    const details = page.getByTestId('profile-details');
    await expect.poll(() => details.innerText()).toContain(account.email);
    // textContent: the badge is upper-cased by CSS only.
    const detailText = (await details.textContent()) ?? '';
    for (const text of [account.loginName, account.displayName, 'Verified', 'USD', 'Member since'])
      expect(detailText).toContain(text);
    const newName = `n${tag}`;
    await page.getByLabel('New display name').fill(newName);
    await page.getByRole('button', { name: 'Save display name' }).click();
    await expect.poll(() => notification('Username changed successfully').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: `Account menu for ${newName}` }).isVisible()).toBe(true);
    expect(await details.innerText()).toContain(newName);
    expect((await stored()).user).toMatchObject({ publicUsername: newName, loginName: account.loginName });
    expect((await profileStatus(session.token!)).body.public_username).toBe(newName);
    await screenshot(page, 'accounts-profile-renamed');
    // A taken display name is refused with the server's message.
    const other = await signedInAccount(platform);
    await page.getByLabel('New display name').fill(other.account.public_username);
    await page.getByRole('button', { name: 'Save display name' }).click();
    await expect.poll(() => page.locator('main').getByRole('alert').innerText()).toBe('Display name already taken');

    // ---- sessions and password
    const elsewhere = await http(platform.url, 'POST', '/api/auth/login', {
      login_name: account.loginName,
      password: account.password,
    });
    expect(elsewhere.status).toBe(200);
    await visit(page, baseUrl, '/account/settings');
    const rows = page.getByTestId('session-list').locator('li');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    expect(await page.getByTestId('session-list').locator('li[data-current]').textContent()).toContain('This device');
    await page.getByTestId('session-list').scrollIntoViewIfNeeded();
    await screenshot(page, 'accounts-settings-sessions');
    await page.getByRole('button', { name: /^Revoke session/ }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect((await profileStatus(elsewhere.body.token)).status).toBe(401);
    expect((await profileStatus(session.token!)).status).toBe(200);

    await page.getByLabel('Current password').fill('Not-my-password-1');
    await page.getByLabel(/^New password/).fill(`Another-horse-${tag}`);
    await page.getByLabel('Confirm new password').fill(`Another-horse-${tag}`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.locator('main').getByRole('alert').innerText()).toBe('Current password is incorrect');
    // A wrong current password is not a reason to sign out.
    expect((await stored()).token).toBe(session.token);
    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.locator('main').getByText('Your password has been changed.').isVisible()).toBe(true);
    await screenshot(page, 'accounts-settings-password-changed');
    const relogin = await http(platform.url, 'POST', '/api/auth/login', {
      login_name: account.loginName,
      password: `Another-horse-${tag}`,
    });
    expect(relogin.status).toBe(200);
    await http(platform.url, 'POST', '/api/auth/logout', undefined, { token: relogin.body.token });

    // ---- Log Out
    await page.getByRole('button', { name: `Account menu for ${newName}` }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expectPath(page, '/');
    await expect.poll(() => notification('You have been logged out successfully').isVisible()).toBe(true);
    expect(await stored()).toEqual({ token: null, user: null });
    // The home page's chunk may still be loading while the account page (with its own LOGIN) shows.
    await expect.poll(() => headingText(page)).toBe('Casino');
    expect(await page.getByRole('button', { name: 'LOGIN', exact: true }).isVisible()).toBe(true);
    // The server ended the session too.
    expect((await profileStatus(session.token!)).status).toBe(401);
    await screenshot(page, 'accounts-logged-out');

    // The registration screen's resend sent nothing: one mail in all.
    expect(smtp.received.filter((m) => m.to.includes(account.email))).toHaveLength(1);
  });

  it('restores a session from the profile call, and a 401 from the server signs out', async () => {
    const { account, token, user } = await signedInAccount(platform);
    await visit(page, baseUrl, '/');
    // A token without a stored user: the start-up restore asks the server who this is.
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: `Account menu for ${account.public_username}` }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect((await stored()).user).toMatchObject({ id: user.id, loginName: account.username });

    // The home page's late parts (loaded after the first paint) make their own calls: let them finish first, so the
    // call that meets the 401 below is the Profile page's.
    await page.waitForLoadState('networkidle');
    // The session ends elsewhere (e.g. revoked from another device); the next call answers 401.
    expect((await http(platform.url, 'POST', '/api/auth/logout', undefined, { token })).status).toBe(204);
    await page.getByRole('button', { name: `Account menu for ${account.public_username}` }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'LOGIN', exact: true }).first().isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect((await stored()).token).toBeNull();
    expect(await headingText(page)).toBe('Account');

    // A token the server does not know: restore fails and the user is logged out.
    await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
    await page.reload();
    await expect.poll(async () => (await stored()).token, { timeout: 10_000 }).toBeNull();
    expect(await page.getByRole('button', { name: 'LOGIN', exact: true }).first().isVisible()).toBe(true);
  });

  it('recovers a password and resends a verification link through the pages and the mail', async () => {
    // ---- forgot password -> mailed link -> new password -> log in with it
    const { account } = await signedInAccount(platform);
    await visit(page, baseUrl, '/');
    await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Forgot password?' }).click();
    await expectPath(page, '/forgot-password');
    await expect.poll(() => headingText(page)).toBe('Forgot password');
    await page.locator('main').getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => page.locator('main').getByRole('status').innerText(), { timeout: 10_000 })
      .toContain('a reset link is on its way');
    await screenshot(page, 'accounts-forgot-password-sent');

    const resetMail = await smtp.waitForMail(account.email, 'Reset your password');
    expect(resetMail).toContain('Subject: Reset your password');
    await visit(page, linkIn(resetMail, '/reset-password'), '');
    const newPassword = `Fresh-horse-${randomBytes(3).toString('hex')}`;
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.locator('main').innerText()).toContain('Password must be 8-128 characters');
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => page.locator('main').innerText(), { timeout: 10_000 })
      .toContain('Your password has been changed.');
    await screenshot(page, 'accounts-password-reset');
    await page.locator('main').getByRole('button', { name: 'GO TO LOGIN' }).click();
    await logInThroughModal(account.username, newPassword);
    await expect
      .poll(() => page.getByRole('button', { name: `Account menu for ${account.public_username}` }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);

    // ---- the link works once
    await visit(page, linkIn(resetMail, '/reset-password'), '');
    await page.getByLabel('New password').fill(`${newPassword}x`);
    await page.getByLabel('Confirm password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => page.locator('main').getByRole('alert').innerText())
      .toBe('Invalid or expired password reset link');

    // ---- resend verification for an account registered elsewhere
    const unverified = newAccount();
    expect((await http(platform.url, 'POST', '/api/auth/register', unverified)).status).toBe(201);
    await smtp.waitForMail(unverified.email);
    await visit(page, baseUrl, '/resend-verification');
    await page.locator('main').getByLabel('Email').fill(unverified.email);
    await page.locator('main').getByRole('button', { name: 'Resend verification email' }).click();
    await expect
      .poll(() => page.locator('main').getByRole('status').innerText(), { timeout: 10_000 })
      .toContain('a new link is on its way');
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes(unverified.email)).length, { timeout: 15_000 })
      .toBe(2);
    // The newest link verifies the address.
    const latest = smtp.received.filter((m) => m.to.includes(unverified.email)).at(-1)!;
    await visit(page, linkIn(decodeQuotedPrintable(latest.raw), '/verify-email'), '');
    await expect
      .poll(() => page.locator('main').innerText(), { timeout: 10_000 })
      .toContain('Your e-mail address is verified.');
  });
});
