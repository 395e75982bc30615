import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { startReferenceProvider } from '../../tests/support/providers.js';
import { WALLET_TEST_ENV, fundPlayer } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { MOBILE, visit } from './support/page-helpers.js';
import { seedSession } from './support/session-seed.js';

const WIDE = { width: 1440, height: 900 };
/** Two cores shared with the server and the provider process: give the page time. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const amountOf = (text: string) => Number(/-?[\d,]+(\.\d+)?/.exec(text)?.[0]?.replace(/,/g, '') ?? NaN);

/** The studio game's tile, named by what it shows: its name, its studio, its RTP (WCAG 2.5.3). */
const TILE_NAME = /^Reference Demo Slot\s*Reference Studio \(demo\)\s*RTP/;

/**
 * A provider game in the browser: the reference provider's demo slot (its own process) listed on /casino/slots,
 * opened on /casino/play/reference/demo-slot in a frame the CSP allows, spun inside the frame, and the header
 * balance following each bet and win through the realtime socket.
 */
describe('provider games in the browser', () => {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });
  const contexts: BrowserContext[] = [];
  let stopReference: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await stopReference?.();
  });

  async function pageFor(token: string, viewport: { width: number; height: number }): Promise<Page> {
    const profile = await http(suite.platform.url, 'GET', '/api/auth/profile', undefined, { token });
    const context = await suite.browser.newContext({ viewport });
    contexts.push(context);
    await seedSession(context, { token, user: profile.body });
    return context.newPage();
  }

  it('lists the reference slot, frames it, spins and the header balance follows', async () => {
    const platform = suite.platform;
    const reference = await startReferenceProvider(platform);
    stopReference = reference.stop;
    const player = await signedInAccount(platform);
    await fundPlayer(platform, player.token, '100');

    const page = await pageFor(player.token, WIDE);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await visit(page, platform.url, '/casino/slots');
    const tile = page.getByRole('link', { name: TILE_NAME });
    await tile.waitFor();
    await screenshot(page, 'providers-slots-category-1440');
    await tile.click();
    await poll(() => new URL(page.url()).pathname).toBe('/casino/play/reference/demo-slot');

    const balance = page.getByTestId('header-balance');
    await poll(async () => amountOf(await balance.innerText())).toBe(100);
    const frame = page.frameLocator('[data-testid="provider-frame"]');
    const frameBalance = frame.getByTestId('reference-balance');
    await poll(() => frameBalance.innerText()).toBe('Balance: 100 USD');
    await screenshot(page, 'providers-play-1440');

    // Each spin: 1 USD bet, then the win; the header shows what the wallet answered the provider.
    let expected = 100;
    for (let spin = 0; spin < 3; spin += 1) {
      await frame.getByTestId('reference-spin').click();
      await poll(() => frame.getByTestId('reference-result').innerText()).toMatch(/^(Win [\d.]+|No win)$/);
      const result = await frame.getByTestId('reference-result').innerText();
      expected = expected - 1 + (result.startsWith('Win') ? amountOf(result) : 0);
      await poll(async () => amountOf(await frameBalance.innerText())).toBeCloseTo(expected, 8);
      await poll(async () => amountOf(await balance.innerText())).toBeCloseTo(expected, 2);
      await frame.getByTestId('reference-result').evaluate((node) => (node.textContent = ''));
    }
    const ledger = await platform.platform.services.wallet.ledger.balances(player.user.id);
    expect(Number(ledger.USD) / 1e8).toBeCloseTo(expected, 8);
    await screenshot(page, 'providers-play-after-spins-1440');

    // A round that fails on the provider's side is rolled back (the reference provider's test hook), with the
    // session token the frame was launched with.
    const frameSrc = new URL((await page.getByTestId('provider-frame').getAttribute('src'))!);
    const failed = await http(reference.url, 'POST', '/api/spin', {
      token: frameSrc.searchParams.get('token'),
      bet: '1',
      currency: 'USD',
      fail: true,
    });
    expect(failed.body).toMatchObject({ rolledBack: true });

    // My bets lists the provider rounds beside the originals: three spins and the rolled-back round, newest first.
    await visit(page, platform.url, '/casino/my-bets');
    const rounds = page.getByTestId('provider-rounds');
    await poll(() => rounds.getByTestId('provider-round-row').count()).toBe(4);
    const rows = await rounds.getByTestId('provider-round-row').allInnerTexts();
    expect(rows[0]).toMatch(/Reference Demo Slot\s+Reference Studio \(demo\)[\s\S]*rolled back[\s\S]*1\.00 USD/i);
    for (const row of rows.slice(1)) expect(row).toMatch(/Reference Demo Slot[\s\S]*(won|lost)[\s\S]*1\.00 USD/i);
    await page.getByRole('heading', { name: 'Provider games' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'providers-my-bets-1440');
    expect(pageErrors).toEqual([]);

    const phone = await pageFor(player.token, MOBILE);
    await visit(phone, platform.url, '/casino/play/reference/demo-slot');
    await poll(() =>
      phone.frameLocator('[data-testid="provider-frame"]').getByTestId('reference-balance').innerText(),
    ).toMatch(/^Balance: [\d.]+ USD$/);
    await screenshot(phone, 'providers-play-390');
    await visit(phone, platform.url, '/casino/slots');
    await phone.getByRole('link', { name: TILE_NAME }).waitFor();
    await screenshot(phone, 'providers-slots-category-390');
    await visit(phone, platform.url, '/casino/my-bets');
    await poll(() => phone.getByTestId('provider-round-row').count()).toBe(4);
    await phone.getByTestId('provider-rounds').evaluate((table) => table.scrollIntoView({ block: 'center' }));
    await screenshot(phone, 'providers-my-bets-390');
  });

  it('shows the admin console section: providers, games, the day report and the reconciliation', async () => {
    const platform = suite.platform;
    const admin = await signedInAccount(platform);
    await platform.platform.services.auth.accounts.setRole(admin.account.username, 'admin');
    const page = await pageFor(admin.token, WIDE);
    await visit(page, platform.url, '/admin');
    const section = page.getByRole('region', { name: 'Game providers' });
    await section.getByRole('table', { name: 'Providers' }).getByText('Reference Studio (demo)').waitFor();
    await section.getByRole('table', { name: 'Provider transactions per day' }).getByText('reference').waitFor();
    await section.getByRole('button', { name: 'Reconcile with the ledger' }).click();
    await poll(() => page.getByTestId('provider-reconciliation').innerText()).toContain(
      'Provider transactions match the ledger',
    );
    // The payout breaker's pause shows with its reason, and Resume lets the provider take bets again.
    const reason = 'net payout of 1980 USD in the last hour passed the limit of 1500 USD';
    await platform.platform.services.providers.registry.pause('reference', reason, { id: null, role: 'cli' });
    await page.reload();
    const paused = section.getByTestId('provider-paused-reference');
    await poll(() => paused.innerText()).toContain(reason);
    await page.evaluate(() => document.getElementById('admin-providers-title')?.scrollIntoView());
    await screenshot(page, 'providers-admin-paused-1440');
    await paused.getByRole('button', { name: 'Resume Reference Studio (demo)' }).click();
    await section.getByRole('table', { name: 'Providers' }).getByText('Taking bets').waitFor();
    expect((await platform.platform.services.providers.registry.provider('reference'))?.pausedAt).toBeNull();
    await page.evaluate(() => document.getElementById('admin-providers-title')?.scrollIntoView());
    await screenshot(page, 'providers-admin-1440');
    // Hiding the game takes it off the Slots page.
    // Mantine draws the switch over a visually hidden checkbox: the click goes to the checkbox itself.
    await section
      .getByRole('switch', { name: 'Reference Demo Slot enabled' })
      .evaluate((input: HTMLInputElement) => input.click());
    await poll(async () => (await platform.platform.services.providers.registry.catalogue('slots')).length).toBe(0);
    const phone = await pageFor(admin.token, MOBILE);
    await visit(phone, platform.url, '/admin');
    await phone
      .getByRole('region', { name: 'Game providers' })
      .getByRole('table', { name: 'Providers' })
      .getByText('Reference Studio (demo)')
      .waitFor();
    await phone.evaluate(() => document.getElementById('admin-providers-title')?.scrollIntoView());
    await screenshot(phone, 'providers-admin-390');
  });
});
