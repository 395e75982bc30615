import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { launchBrowser, screenshot } from '../../tests/support/browser.js';
import { startTestPlatform, startTestWorker, type TestPlatform } from '../../tests/support/platform.js';
import { WALLET_TEST_ENV, deliverWebhook, depositReport, trpc } from '../../tests/support/wallet.js';
import { DESKTOP, expectPath, headingText, pathOf, visit } from './support/page-helpers.js';
import { startTcpForwarder, type TcpForwarder } from './support/tcp-forwarder.js';
import { openSignedInPage } from './support/signed-in-page.js';

type Player = { token: string; password: string; user: { id: number; publicUsername: string } };

const PAYOUT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/**
 * The wallet end to end: the built client in Chromium against the real server and worker. Deposits
 * arrive through the signed provider webhook and reach the page over the socket; a withdrawal goes
 * from the player's form through an admin's decision in another browser context to SENT.
 */
describe('wallet in the browser', () => {
  let platform: TestPlatform;
  let worker: Awaited<ReturnType<typeof startTestWorker>>;
  let forwarder: TcpForwarder;
  let baseUrl: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let ip = 0;

  async function player(role: 'user' | 'admin' = 'user'): Promise<Player> {
    const signedIn = await signedInAccount(platform, {}, `10.77.0.${++ip}`);
    if (role !== 'user') await platform.platform.services.auth.accounts.setRole(signedIn.account.username, role);
    const profile = await http(platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
    expect(profile.status).toBe(200);
    return { token: signedIn.token, password: signedIn.account.password, user: profile.body };
  }

  async function pageFor(who: Player): Promise<Page> {
    return openSignedInPage(browser, who, DESKTOP, { contexts, pageErrors });
  }
  const pageErrors = new Map<Page, string[]>();

  async function depositAddress(token: string): Promise<string> {
    const answer = await trpc(platform, 'query', 'wallet.depositAddress', { network: 'ERC20' }, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data.address as string;
  }

  beforeAll(async () => {
    forwarder = await startTcpForwarder(null);
    baseUrl = forwarder.url;
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      WITHDRAWAL_FEE_USD: '0.5',
      PUBLIC_URL: baseUrl,
    });
    forwarder.setTarget(platform.url);
    worker = await startTestWorker(platform);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await worker?.stop();
    await platform?.stop();
    await forwarder?.close();
  });

  it('credits a deposit live, takes a withdrawal, and shows it SENT after an admin approves it and records the txid', async () => {
    const alice = await player();
    const admin = await player('admin');
    const page = await pageFor(alice);
    const main = page.locator('main');

    await visit(page, baseUrl, '/account/balances');
    expect(await headingText(page)).toBe('Balances');
    await expect.poll(() => page.getByTestId('header-balance').innerText()).toContain('0.00');
    // The deposit address the server derived, with its QR code.
    const address = await depositAddress(alice.token);
    await expect.poll(() => main.getByTestId('deposit-address').innerText(), { timeout: 10_000 }).toBe(address);
    await expect
      .poll(() => main.getByTestId('deposit-qr').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(100);
    await expect
      .poll(() => main.getByTestId('withdrawal-terms').innerText())
      .toContain('Minimum 1.00 USD · Fee 0.50 USD');
    expect(await main.getByText('No transactions yet').isVisible()).toBe(true);
    await screenshot(page, 'wallet-balances-empty');

    // A signed provider report: the header and the page follow over the socket, no reload.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    const credited = await deliverWebhook(platform, depositReport(address, '1234.56789'));
    expect(credited.body).toMatchObject({ status: 'CREDITED', credited: true });
    await expect.poll(() => page.getByTestId('header-balance').innerText(), { timeout: 10_000 }).toContain('1,234.57');
    // Issue #24: a player reads cents (exact values stay in the API, the CSV and the operator's ledger below).
    await expect.poll(() => main.getByTestId('balance-usd').innerText()).toBe('1,234.57 USD');
    await expect.poll(() => main.getByTestId('transactions').innerText()).toContain('+1,234.57 USD');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');

    // The withdrawal form shows the server's refusals as it words them.
    const form = main.locator('section', { has: page.getByRole('heading', { name: 'Withdraw' }) });
    await form.getByLabel('Amount').fill('25.5');
    await expect
      .poll(() => form.getByTestId('withdrawal-terms').innerText())
      .toContain('26.00 USD leaves your balance');
    await form.getByLabel('Destination address').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    await form.getByLabel('Account password').fill(alice.password);
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toContain('not a valid ERC20 address');
    await form.getByLabel('Destination address').fill(PAYOUT_ADDRESS);
    await form.getByLabel('Amount').fill('5000');
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    // More than the balance minus the fee is refused before anything is sent, in words.
    await expect.poll(() => form.innerText()).toContain('you can withdraw at most 1,234.06789 USD');
    await form.getByLabel('Destination address').fill('not-an-address');
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect
      .poll(() => form.innerText())
      .toContain('An ERC20 address starts with 0x followed by 40 hexadecimal characters');
    expect(await form.innerText()).not.toContain('Too small');
    await form.getByLabel('Destination address').fill(PAYOUT_ADDRESS);
    await form.getByLabel('Amount').fill('25.5');
    await form.getByLabel('Account password').fill(alice.password);
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect.poll(() => form.getByRole('status').innerText()).toContain('25.50 USDT to ERC20 is PENDING');
    await expect.poll(() => page.getByTestId('header-balance').innerText()).toContain('1,208.57');
    await expect.poll(() => main.getByTestId('balance-usd').innerText()).toBe('1,208.57 USD');
    await screenshot(page, 'wallet-balances-after-withdrawal');

    await form.getByRole('link', { name: 'See your withdrawals' }).click();
    await expectPath(page, '/account/withdrawals/ALL');
    await expect.poll(() => main.getByTestId('status-list').innerText()).toContain('PENDING');
    expect(await main.getByTestId('status-list').innerText()).toContain('25.50 USDT');
    await screenshot(page, 'wallet-withdrawals-pending');

    // The admin, in a browser of their own.
    const adminPage = await pageFor(admin);
    await visit(adminPage, baseUrl, '/');
    await adminPage.getByRole('button', { name: /^Account menu for/ }).click();
    await adminPage.getByRole('menuitem', { name: 'Admin' }).click();
    await expectPath(adminPage, '/admin');
    const pending = await withdrawalIdOf(alice);
    const row = adminPage.getByTestId(`withdrawal-${pending}`);
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('25.50 USDT');
    await row.getByRole('button', { name: 'Approve' }).click();
    // The payout job runs at once and hands it back as APPROVED (the manual adapter sends nothing); the row stays listed throughout.
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toMatch(/APPROVED|SENDING/);
    await screenshot(adminPage, 'wallet-admin-approved');
    await row.getByRole('button', { name: 'Record transaction id' }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel('Transaction id').fill('ab'.repeat(32));
    await dialog.getByRole('button', { name: 'Mark as sent' }).click();
    await expect.poll(() => row.count()).toBe(0);

    // The player's list, filtered by status in the path.
    await main.getByRole('link', { name: 'SENT', exact: true }).click();
    await expectPath(page, '/account/withdrawals/SENT');
    await expect.poll(() => main.getByTestId('status-list').innerText(), { timeout: 10_000 }).toContain('SENT');
    expect(await main.getByTestId('status-list').innerText()).toContain('abababab');
    await screenshot(page, 'wallet-withdrawals-sent');
    await main.getByRole('link', { name: 'PENDING', exact: true }).click();
    await expect.poll(() => main.innerText()).toContain('No pending withdrawals');
    await page.goto(`${baseUrl}/account/withdrawals/nonsense`);
    await expectPath(page, '/account/withdrawals/ALL');
    await page.goto(`${baseUrl}/account/deposits/SENT`);
    await expectPath(page, '/account/deposits/ALL');
    await expect.poll(() => main.getByTestId('status-list').innerText(), { timeout: 10_000 }).toContain('CREDITED');
    expect(await main.getByTestId('status-list').innerText()).toContain('1,234.56789 USDT');
    await screenshot(page, 'wallet-deposits');

    // Ledger tools.
    await adminPage.getByLabel('Player id').fill(String(alice.user.id));
    await adminPage.getByRole('button', { name: 'Look up' }).click();
    await expect
      .poll(() => adminPage.getByTestId('ledger-result').innerText(), { timeout: 10_000 })
      .toContain('1,208.56789 USD');
    await adminPage.getByRole('button', { name: 'Run ledger check' }).click();
    await expect
      .poll(() => adminPage.getByTestId('ledger-check-result').innerText(), { timeout: 10_000 })
      .toContain('Ledger OK');
    await screenshot(adminPage, 'wallet-admin-ledger');

    // A payout that never went out: the admin marks it failed with a reason, and the player gets it all back.
    const second = await trpc(
      platform,
      'mutation',
      'wallet.withdraw',
      { amount: '8', asset: 'USDT', network: 'ERC20', address: PAYOUT_ADDRESS, password: alice.password },
      alice.token,
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    await expect.poll(() => page.getByTestId('header-balance').innerText()).toContain('1,200.07');
    const failing = adminPage.getByTestId(`withdrawal-${second.body.result.data.id}`);
    await failing.getByRole('button', { name: 'Approve' }).click({ timeout: 10_000 });
    await expect.poll(() => failing.innerText(), { timeout: 10_000 }).toMatch(/APPROVED|SENDING/);
    await failing.getByRole('button', { name: 'Mark failed' }).click();
    const failDialog = adminPage.getByRole('dialog', { name: `Fail withdrawal #${second.body.result.data.id}` });
    const confirmFail = failDialog.getByRole('button', { name: 'Fail withdrawal' });
    expect(await confirmFail.isDisabled()).toBe(true);
    await failDialog.getByLabel('Reason (the player sees it)').fill('Hot wallet out of gas');
    await expect.poll(() => failDialog.evaluate((dialog) => getComputedStyle(dialog).opacity)).toBe('1');
    await screenshot(adminPage, 'wallet-admin-fail-dialog');
    await confirmFail.click();
    await expect.poll(() => failing.count()).toBe(0);
    await expect.poll(() => page.getByTestId('header-balance').innerText()).toContain('1,208.57');
    const failed = await trpc(platform, 'query', 'wallet.withdrawals', { status: 'FAILED' }, alice.token);
    expect(
      failed.body.result.data.items.map((item: { id: string; reason: string | null }) => [item.id, item.reason]),
    ).toEqual([[second.body.result.data.id, 'Hot wallet out of gas']]);
    expect(pageErrors.get(page)).toEqual([]);
    expect(pageErrors.get(adminPage)).toEqual([]);

    // Not for players.
    await visit(page, baseUrl, '/admin');
    await expect.poll(() => main.innerText()).toContain('Staff only');
  });

  async function withdrawalIdOf(who: Player): Promise<string> {
    const list = await trpc(platform, 'query', 'wallet.withdrawals', { status: 'PENDING' }, who.token);
    expect(list.status).toBe(200);
    return list.body.result.data.items[0].id as string;
  }

  it('asks for the password before a permanent self-exclusion and shows a wrong one as refused', async () => {
    const carol = await player();
    const page = await pageFor(carol);
    const main = page.locator('main');
    await visit(page, baseUrl, '/account/exclusion');
    await expect.poll(() => main.innerText()).toContain('cannot be shortened or lifted');
    await main.getByLabel('Permanent').check();
    await main.getByRole('button', { name: 'Self-exclude' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm self-exclusion' });
    await expect.poll(() => dialog.innerText()).toContain('excluded permanently');
    const confirm = dialog.getByRole('button', { name: 'Yes, exclude me' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Account password').fill('Not-my-password-1');
    await confirm.click();
    await expect.poll(() => dialog.innerText(), { timeout: 10_000 }).toContain('Password is incorrect');
    await screenshot(page, 'wallet-exclusion-step-up');
    // Nothing changed on the server.
    expect((await trpc(platform, 'query', 'account.exclusion', undefined, carol.token)).body.result.data.active).toBe(
      false,
    );
  });

  it('self-excludes with a confirmation, then refuses chat and deposit addresses, still pays out, and offers no way back', async () => {
    const bob = await player();
    const credited = await deliverWebhook(platform, depositReport(await depositAddress(bob.token), '50'));
    expect(credited.body).toMatchObject({ credited: true });
    const page = await pageFor(bob);
    const main = page.locator('main');

    await visit(page, baseUrl, '/account/exclusion');
    expect(await headingText(page)).toBe('Self-exclusion');
    await expect.poll(() => main.innerText()).toContain('cannot be shortened or lifted');
    expect(await main.getByTestId('limit-day').innerText()).toContain('No limit');
    await main.getByLabel('7 days').check();
    await main.getByRole('button', { name: 'Self-exclude' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm self-exclusion' });
    await expect.poll(() => dialog.innerText()).toContain('excluded for 7 days');
    await screenshot(page, 'wallet-exclusion-confirm');
    await dialog.getByRole('button', { name: 'Yes, exclude me' }).click();
    const active = main.getByTestId('exclusion-active');
    await expect.poll(() => active.innerText(), { timeout: 10_000 }).toContain('cannot be shortened or lifted early');
    expect(await active.innerText()).toMatch(/runs until \d/);
    // Nothing on the page lifts, ends or cancels it; shortening is refused by the server.
    const buttons = await main.getByRole('button').allInnerTexts();
    expect(buttons.filter((text) => /\b(lift|cancel|end|remove exclusion|unexclude)\b/i.test(text))).toEqual([]);
    await main.getByLabel('24 hours').check();
    await main.getByRole('button', { name: 'Extend self-exclusion' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, exclude me' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('alert').innerText())
      .toContain('cannot be shortened or lifted early');
    await page.getByRole('dialog').getByRole('button', { name: 'Go back' }).click();
    // A lower deposit limit applies at once.
    await main.getByLabel('Daily limit in USD').fill('100');
    await main.getByTestId('limit-day').getByRole('button', { name: 'Set' }).click();
    await expect.poll(() => main.getByTestId('limit-day').innerText()).toContain('of 100.00 USD used');
    await screenshot(page, 'wallet-exclusion-active');

    // Chat: the server's refusal.
    await visit(page, baseUrl, '/chat');
    const input = main.getByRole('textbox', { name: 'Chat message' });
    await input.fill('hello from a break');
    await input.press('Enter');
    await expect
      .poll(() => main.innerText(), { timeout: 10_000 })
      .toContain('Your account is self-excluded, so you cannot send chat messages');
    await screenshot(page, 'wallet-excluded-chat');

    // No deposit address; withdrawing still works.
    await visit(page, baseUrl, '/account/balances');
    await expect.poll(() => main.innerText(), { timeout: 10_000 }).toContain('Your account is self-excluded');
    expect(await main.getByTestId('deposit-address').count()).toBe(0);
    const form = main.locator('section', { has: page.getByRole('heading', { name: 'Withdraw' }) });
    await form.getByLabel('Amount').fill('10');
    await form.getByLabel('Destination address').fill(PAYOUT_ADDRESS);
    await form.getByLabel('Account password').fill(bob.password);
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect.poll(() => form.getByRole('status').innerText()).toContain('is PENDING');
    await screenshot(page, 'wallet-excluded-balances');
    expect(pathOf(page)).toBe('/account/balances');
    expect(pageErrors.get(page)).toEqual([]);
  });
});
