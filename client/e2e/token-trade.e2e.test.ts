import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { launchBrowser, screenshot } from '../../tests/support/browser.js';
import { startTestPlatform, type TestPlatform } from '../../tests/support/platform.js';
import { WALLET_TEST_ENV } from '../../tests/support/wallet.js';
import { MOBILE, headingText, visit } from './support/page-helpers.js';
import { seedSession } from './support/session-seed.js';

const WIDE = { width: 1440, height: 900 };

/** "12.5" -> 1250000000n (1e-8 units), for ledger postings; the client's rules forbid importing the server's helper. */
function parseUnits(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
}

/** "$0.0250399" -> 0.0250399; "2,100.00 BZU" -> 2100. */
const numberIn = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/**
 * Trading BZU end to end: the built client in Chromium against the real server. The player buys
 * and sells on /token/trade; the price (token-price-update) and the header's BZU balance
 * (balance-update) change on the same page; the buy-and-burn service then burns a share of a
 * seeded period of house games revenue and the dashboard lists it.
 */
describe('BZU trade, holdings, wallet, utility and the burn dashboard in the browser', () => {
  let platform: TestPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let player: Awaited<ReturnType<typeof signedInAccount>>;
  let userId: number;
  const pageErrors: string[] = [];
  const services = () => platform.platform.services;

  const post = (
    key: string,
    kind: string,
    legs: Parameters<ReturnType<typeof services>['wallet']['ledger']['post']>[0]['legs'],
  ) => services().wallet.ledger.post({ key: `${key}:${randomBytes(6).toString('hex')}`, kind, userId, legs });

  const headerBzu = () => page.getByTestId('header-bzu-balance').innerText();
  const mainPrice = () => page.locator('main').getByTestId('token-price').innerText();
  const tradeButton = () => page.locator('form[aria-label="Trade BZU"] button[type="submit"]');

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });
    player = await signedInAccount(platform);
    userId = Number(player.user.id);
    // Funded as credited deposits are: 1,000 USD and 2,100 BZU of cash.
    for (const [currency, amount] of [
      ['USD', '1000'],
      ['BZU', '2100'],
    ] as const) {
      await post('e2e-fund', 'deposit', [
        { account: { house: 'deposits' }, currency, amount: -parseUnits(amount) },
        { account: { user: userId }, currency, amount: parseUnits(amount) },
      ]);
    }
    const profile = await http(platform.url, 'GET', '/api/auth/profile', undefined, { token: player.token });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: WIDE });
    await seedSession(context, { token: player.token, user: profile.body });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await platform?.stop();
  });

  it('buys BZU: the quote matches what executes, and the price and the header BZU balance change without a reload', async () => {
    await visit(page, platform.url, '/token/trade');
    await expect.poll(() => headingText(page)).toBe('BZU Trade');
    await expect.poll(mainPrice).toBe('$0.0250000');
    await expect.poll(headerBzu).toMatch(/^2,100\.00/);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

    await page.getByTestId('trade-amount').fill('100');
    await expect.poll(() => page.getByTestId('quote-amount-out').isVisible()).toBe(true);
    const quoted = await http(platform.url, 'GET', '/api/token/quote?side=buy&amount=100', undefined, {
      token: player.token,
    });
    // The page's quote is the server's: 2,100 BZU held is Bronze, 0.27 % fee.
    expect(quoted.body).toMatchObject({ feeBps: 27, fee: 0.27 });
    expect(await page.getByTestId('quote-fee').innerText()).toBe('$0.27');
    expect(numberIn(await page.getByTestId('quote-amount-out').innerText())).toBeCloseTo(quoted.body.amountOut, 4);
    await screenshot(page, 'token-trade-1440');

    await tradeButton().click();
    await expect.poll(headerBzu, { timeout: 5_000 }).not.toMatch(/^2,100\.00/);
    const bzu = (await services().wallet.ledger.balances(userId)).BZU;
    expect(bzu).toBe(2_100n * 100_000_000n + parseUnits(String(quoted.body.amountOut)));
    expect(numberIn(await headerBzu())).toBeCloseTo(Number(bzu) / 1e8, 2);
    await expect.poll(mainPrice, { timeout: 5_000 }).not.toBe('$0.0250000');
    expect(numberIn(await mainPrice())).toBeCloseTo(quoted.body.priceAfter, 7);
    expect(await page.getByTestId('header-balance').innerText()).toMatch(/^900\.00/);
    // Badges are upper-cased by CSS.
    await expect.poll(async () => (await page.getByTestId('recent-trades').innerText()).toLowerCase()).toContain('buy');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
  });

  it('sells BZU back: the price falls and the BZU balance drops, on the same page', async () => {
    const priceBefore = numberIn(await mainPrice());
    const bzuBefore = numberIn(await headerBzu());
    await page.locator('form[aria-label="Trade BZU"]').getByText('Sell BZU', { exact: true }).first().click();
    await page.getByTestId('trade-amount').fill('500');
    await expect.poll(() => page.getByTestId('quote-amount-out').innerText()).toMatch(/^\$/);
    await tradeButton().click();
    await expect.poll(async () => numberIn(await headerBzu()), { timeout: 5_000 }).toBeCloseTo(bzuBefore - 500, 2);
    await expect.poll(async () => numberIn(await mainPrice()), { timeout: 5_000 }).toBeLessThan(priceBefore);
    expect(numberIn(await page.getByTestId('header-balance').innerText())).toBeGreaterThan(900);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(await services().wallet.ledger.check()).toEqual([]);

    // The quote on screen follows the pool: a trade elsewhere (here through the service) moves the
    // price, token-price-update arrives, and the page asks for a new quote by itself.
    await page.getByTestId('trade-amount').fill('100');
    await expect.poll(() => page.getByTestId('quote-price').isVisible()).toBe(true);
    const quotedBefore = await page.getByTestId('quote-price').innerText();
    await services().token.trade.trade(userId, {
      side: 'buy',
      amount: parseUnits('20'),
      minOut: '0',
      clientTradeId: `elsewhere-${Date.now()}`,
    });
    await expect.poll(() => page.getByTestId('quote-price').innerText(), { timeout: 5_000 }).not.toBe(quotedBefore);
    // The price rose, so 100 BZU now sell for more per BZU.
    expect(numberIn(await page.getByTestId('quote-price').innerText())).toBeGreaterThan(numberIn(quotedBefore));
    await page.getByTestId('trade-amount').fill('');
  });

  it('shows holdings with value, average cost and P/L, the BZU wallet, and the holder tier', async () => {
    await visit(page, platform.url, '/token/holdings');
    await expect.poll(() => page.getByTestId('holdings-bzu').isVisible()).toBe(true);
    const main = await page.locator('main').innerText();
    expect(main).not.toContain('No holdings to show');
    const holdings = (await http(platform.url, 'GET', '/api/token/holdings', undefined, { token: player.token })).body;
    expect(numberIn(await page.getByTestId('holdings-bzu').innerText())).toBeCloseTo(holdings.bzu, 2);
    // The header kept the balances the trades left, across navigations.
    expect(numberIn(await headerBzu())).toBeCloseTo(holdings.bzu, 2);
    expect(await page.getByTestId('holdings-value').innerText()).toBe(
      `$${holdings.usdValue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
    expect(await page.getByTestId('holdings-average-cost').innerText()).toMatch(/^\$0\.02/);
    expect(await page.getByTestId('holdings-chart').locator('svg path').count()).toBe(2);
    await screenshot(page, 'token-holdings-1440');

    await visit(page, platform.url, '/token/wallet');
    await expect.poll(() => page.getByTestId('deposit-address').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('deposit-qr').isVisible(), { timeout: 10_000 }).toBe(true);
    expect((await page.locator('main').innerText()).toLowerCase()).not.toContain('connect a wallet');
    expect(
      await page
        .locator('main')
        .getByRole('heading', { name: /withdraw/i })
        .count(),
    ).toBeGreaterThan(0);
    await screenshot(page, 'token-wallet-1440');

    await visit(page, platform.url, '/token/utility');
    await expect.poll(() => page.getByTestId('tier-name').innerText()).toBe('Bronze');
    expect((await page.getByTestId('tier-rakeback').innerText()).toLowerCase()).toBe('rakeback +5%');
    expect((await page.getByTestId('tier-fee').innerText()).toLowerCase()).toBe('fee 0.27% (base 0.3%)');
    expect(await page.locator('main').innerText()).toContain('applies to rakeback');
    await screenshot(page, 'token-utility-1440');
  });

  it('lists a burn on the token overview after the buy-and-burn job ran over a period of house games revenue', async () => {
    await visit(page, platform.url, '/token/overview');
    await expect.poll(() => page.getByTestId('burns-empty').isVisible()).toBe(true);
    const start = new Date(Date.now() - 1_000);
    // Stakes of 400 and payouts of 150 on house:games: 250 USD net revenue.
    for (const amount of [400n, -150n]) {
      await post('e2e-game', amount > 0n ? 'game:stake' : 'game:payout', [
        { account: { user: userId }, currency: 'USD', amount: -amount * 100_000_000n },
        { account: { house: 'games' }, currency: 'USD', amount: amount * 100_000_000n },
      ]);
    }
    const end = new Date(Date.now() + 5);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const burn = await services().token.burn.burnPeriod(start, end);
    expect(burn).toMatchObject({ result: 'burned', revenue: '250.00000000', usdSpent: '50.00000000' });

    await visit(page, platform.url, '/token/overview');
    await expect.poll(() => page.getByTestId('burn-row-burned').count(), { timeout: 10_000 }).toBe(1);
    const row = await page.getByTestId('burn-row-burned').innerText();
    expect(row).toContain('$250.00');
    expect(row).toContain('20%');
    expect(row).toContain('$50.00');
    expect(numberIn(await page.getByTestId('burn-amount').innerText())).toBeCloseTo(Number(burn.bzuBought), 4);
    expect(numberIn(await page.getByTestId('token-burned').innerText())).toBeCloseTo(
      Math.round(Number(burn.bzuBought)),
      0,
    );
    await page.getByTestId('burn-section').scrollIntoViewIfNeeded();
    await screenshot(page, 'token-burns-1440');
  });

  it('renders trade, holdings, wallet and utility on a 390 px phone', async () => {
    await page.setViewportSize(MOBILE);
    for (const path of ['/token/trade', '/token/holdings', '/token/wallet', '/token/utility']) {
      await visit(page, platform.url, path);
      await expect.poll(() => headingText(page)).toMatch(/^BZU /);
      if (path === '/token/trade') {
        await page.getByTestId('trade-amount').fill('25');
        await expect.poll(() => page.getByTestId('quote-amount-out').isVisible()).toBe(true);
        await page.getByTestId('trade-quote').scrollIntoViewIfNeeded();
      }
      await page.waitForTimeout(300);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, `token-${path.split('/')[2]}-390`);
    }
    expect(pageErrors).toEqual([]);
  });
});
