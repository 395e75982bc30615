import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { launchBrowser, screenshot } from '../../tests/support/browser.js';
import { startTestPlatform, type TestPlatform } from '../../tests/support/platform.js';
import { DESKTOP, expectPath, headingText, visit } from './support/page-helpers.js';

/**
 * The live token price and balance, end to end: the real server, the real price job
 * (TokenService.recordSnapshot, which the worker runs every 20 s) and the real event bus feed the
 * built client over /api/ws. Nothing on the server side is mocked.
 */
const HOUR = 3600_000;

/** The spec's seven decimals, computed here independently of the client's formatter. */
function shownPrice(price: string | number): string {
  return `$${Number(price).toFixed(7)}`;
}

function shownUsd(value: string | number): string {
  return `$${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

describe('live token price, balance and the token overview', () => {
  let platform: TestPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const sockets: string[] = [];
  const closedSockets: string[] = [];

  /** Sets the BZU/USD pool's USD reserve (10,000,000 BZU in the pool), i.e. its price. */
  async function setPoolUsd(usd: number): Promise<void> {
    await platform.platform.infra.db
      .updateTable('token_pools')
      .set({ reserve_usd_e8: String(BigInt(usd) * 100_000_000n) })
      .where('id', '=', 'BZU/USD')
      .execute();
  }

  /** The price job for one tick: quote the pool, store the snapshot, cache it, publish token-price-update. */
  async function priceTick(at: Date, poolUsd: number) {
    await setPoolUsd(poolUsd);
    const { stored, data } = await platform.platform.services.token.prices.recordSnapshot(at);
    expect(stored).toBe(true);
    return data;
  }

  function sidebarPrice(): Promise<string> {
    return page.locator('#sidebar').getByTestId('token-price').innerText();
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS });
    // History: three days ago at 0.020, two hours ago at 0.025, an hour ago at 0.0225 (the latest).
    // Three days, not one: the All range keeps one price per UTC day, and a point 25 h back shares
    // a day with the one 2 h back when the suite runs between 01:00 and 02:00 UTC.
    const now = Date.now();
    await priceTick(new Date(now - 72 * HOUR), 200_000);
    await priceTick(new Date(now - 2 * HOUR), 250_000);
    await priceTick(new Date(now - HOUR), 225_000);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  describe('signed in', () => {
    let account: Awaited<ReturnType<typeof signedInAccount>>;

    beforeAll(async () => {
      account = await signedInAccount(platform);
      context = await browser.newContext({ viewport: DESKTOP });
      page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('websocket', (socket) => {
        sockets.push(socket.url());
        socket.on('close', () => closedSockets.push(socket.url()));
      });
      // The session store reads the spec's two keys ('token' and 'user').
      await page.goto(`${platform.url}/`);
      await page.evaluate(
        ({ token, user }) => {
          localStorage.setItem('token', token);
          localStorage.setItem('user', JSON.stringify(user));
        },
        { token: account.token, user: account.user },
      );
      await visit(page, platform.url, '/');
    });
    afterAll(async () => {
      await context?.close();
    });

    it("shows the stored price with 7 decimals and the server's 24 h change, and goes live over /api/ws", async () => {
      const latest = await http(platform.url, 'GET', '/token/data');
      expect(latest.status).toBe(200);
      expect(latest.body.change24h).toBe(12.5);
      await expect.poll(sidebarPrice, { timeout: 10_000 }).toBe(shownPrice(latest.body.price));
      expect(shownPrice(latest.body.price)).toBe('$0.0225000');
      expect(await page.locator('#sidebar').getByTestId('token-change').innerText()).toBe('+12.50%');
      await expect.poll(() => page.getByTestId('token-live').isVisible(), { timeout: 10_000 }).toBe(true);
      const isLegacySocket = (url: string) => new URL(url).pathname === '/api/ws';
      expect(sockets.filter(isLegacySocket)).toHaveLength(1);
      expect(closedSockets.filter(isLegacySocket)).toHaveLength(0);
      // The token is sent in the first message, never in the URL.
      expect(sockets.every((url) => !url.includes(account.token))).toBe(true);
      await screenshot(page, 'token-live-before');
    });

    it('changes the sidebar price without a reload when the price job publishes a new price', async () => {
      await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
      const published = Date.now();
      const data = await priceTick(new Date(), 300_000);
      expect(data.price).toBe('0.03000000');
      expect(data.change24h).toBe(50);
      await expect.poll(sidebarPrice, { timeout: 2_000, interval: 50 }).toBe('$0.0300000');
      expect(Date.now() - published).toBeLessThan(2_000);
      expect(await page.locator('#sidebar').getByTestId('token-change').innerText()).toBe('+50.00%');
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
      await screenshot(page, 'token-live-after-price');
    });

    it('sets the header balances from balance-update events for this user only', async () => {
      await expect.poll(() => page.getByTestId('header-balance').innerText()).toContain('0.00');
      const userId = String(account.user.id);
      await platform.platform.services.events.publish.balanceUpdate({
        userId,
        newBalance: '1234.56000000',
        currency: 'USD',
      });
      await expect
        .poll(() => page.getByTestId('header-balance').innerText(), { timeout: 2_000, interval: 50 })
        .toContain('1,234.56');
      await platform.platform.services.events.publish.balanceUpdate({
        userId,
        newBalance: '77.00000000',
        currency: 'BZU',
      });
      await expect
        .poll(() => page.getByTestId('header-bzu-balance').innerText(), { timeout: 2_000, interval: 50 })
        .toContain('77.00');
      // Someone else's balance never reaches this socket (and would not be applied).
      await platform.platform.services.events.publish.balanceUpdate({
        userId: String(Number(userId) + 1000),
        newBalance: '5.00000000',
        currency: 'USD',
      });
      await platform.platform.services.events.publish.balanceUpdate({
        userId,
        newBalance: '1300.00000000',
        currency: 'USD',
      });
      await expect
        .poll(() => page.getByTestId('header-balance').innerText(), { timeout: 2_000, interval: 50 })
        .toContain('1,300.00');
      expect(await page.getByTestId('header-bzu-balance').innerText()).toContain('77.00');
      // The stored user follows, so a reload shows the same balance.
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').balance)).toBe('1300.00000000');
      await screenshot(page, 'token-live-after-balance');
    });

    it("shows the server's figures and a price chart on the token dashboard", async () => {
      await page.locator('#sidebar').getByRole('link', { name: 'Dashboard' }).click();
      await expectPath(page, '/token');
      await expect.poll(() => headingText(page)).toBe('BZU Token');
      const main = page.locator('main');
      const [data, supply] = await Promise.all([
        http(platform.url, 'GET', '/token/data'),
        http(platform.url, 'GET', '/token/supply'),
      ]);
      await expect.poll(() => main.getByTestId('token-price').innerText()).toBe(shownPrice(data.body.price));
      expect(await main.getByTestId('token-change').innerText()).toBe('+50.00%');
      await expect.poll(() => main.getByTestId('token-market-cap').innerText()).toBe(shownUsd(data.body.marketCap));
      expect(shownUsd(data.body.marketCap)).toBe('$18,000,000.00');
      expect(await main.getByTestId('token-volume').innerText()).toBe(shownUsd(data.body.volume24h));
      await expect.poll(() => main.getByTestId('token-circulating-supply').innerText()).toBe('600,000,000 BZU');
      expect(supply.body.circulatingSupply).toBe(600_000_000);
      expect(await main.getByTestId('token-total-supply').innerText()).toBe('1,000,000,000 BZU');
      expect(await main.getByTestId('token-burned').innerText()).toBe('0 BZU');

      // 24h: the snapshots of two hours ago, one hour ago and now, on a canvas chart (lightweight-charts).
      const chart = main.getByTestId('price-chart');
      const plot = chart.getByRole('img');
      await expect
        .poll(() => plot.getAttribute('aria-label'), { timeout: 10_000 })
        .toBe('BZU price, 24H: 3 points from $0.0250000 to $0.0300000');
      await expect.poll(() => chart.locator('canvas').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await chart.innerText()).toContain('High $0.0300000');
      expect(await chart.innerText()).toContain('Low $0.0225000');
      // The crosshair at the right edge reads the latest price.
      await plot.scrollIntoViewIfNeeded();
      const box = (await plot.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.move(box.x + box.width - 110, box.y + box.height / 2, { steps: 5 });
      await expect.poll(() => main.getByTestId('price-chart-readout').innerText()).toMatch(/^\$0\.0\d{6} · /);
      await screenshot(page, 'token-dashboard-24h');

      // Every range draws a canvas chart (never an empty box or a lone dot).
      for (const label of ['7D', '30D', 'All']) {
        await main.getByRole('region', { name: 'Price history' }).getByText(label, { exact: true }).click();
        await expect
          .poll(() => plot.getAttribute('aria-label'), { timeout: 10_000 })
          .toMatch(new RegExp(`^BZU price, ${label}: \\d+ points`));
        await expect.poll(() => chart.locator('canvas').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      }
      await expect
        .poll(() => plot.getAttribute('aria-label'))
        .toMatch(/^BZU price, All: \d+ points from \$0\.0\d{6} to \$0\.0300000$/);
      expect(await chart.innerText()).toContain('Low $0.0200000');
      await chart.scrollIntoViewIfNeeded();
      await screenshot(page, 'token-dashboard-all');
      // A phone: the charts follow the width (autoSize) and keep their canvas.
      await page.setViewportSize({ width: 390, height: 844 });
      await chart.scrollIntoViewIfNeeded();
      await expect.poll(async () => (await plot.boundingBox())!.width, { timeout: 10_000 }).toBeLessThan(390);
      expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
      await screenshot(page, 'token-dashboard-390');
      await page.setViewportSize(DESKTOP);
      expect(pageErrors).toEqual([]);
    });

    it("shows the token's economics under /token/overview: supply and burn charts, no second price dashboard", async () => {
      await visit(page, platform.url, '/token/overview');
      await expect.poll(() => headingText(page)).toBe('BZU Overview');
      const main = page.locator('main');
      await expect.poll(() => main.getByTestId('token-circulating-supply').innerText()).toBe('600,000,000 BZU');
      await expect
        .poll(() => main.getByTestId('supply-chart').locator('canvas').count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      // Nothing burned yet: the burn chart says so (a blank canvas read as broken).
      await expect.poll(() => main.getByTestId('burn-chart-empty').isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await main.getByTestId('price-chart').count()).toBe(0);
      await screenshot(page, 'token-overview');
    });
  });

  describe('as a guest', () => {
    let guest: Page;
    const guestSockets: string[] = [];

    beforeAll(async () => {
      guest = await browser.newPage({ viewport: DESKTOP });
      guest.on('websocket', (socket) => guestSockets.push(socket.url()));
    });
    afterAll(async () => {
      await guest?.close();
    });

    it('opens no socket and picks up a new price by polling every 20 s', async () => {
      // The page's clock is the test's: 20 s of polling pass in a moment, and not a poll before them.
      await guest.clock.install();
      await visit(guest, platform.url, '/casino');
      const price = () => guest.locator('#sidebar').getByTestId('token-price').innerText();
      await expect.poll(price, { timeout: 10_000 }).toBe('$0.0300000');
      expect(await guest.getByTestId('token-live').count()).toBe(0);
      await priceTick(new Date(Date.now() + 20_000), 310_000);
      await guest.clock.fastForward(10_000);
      await guest.waitForTimeout(1_000);
      expect(await price()).toBe('$0.0300000');
      await guest.clock.fastForward(10_000);
      await expect.poll(price, { timeout: 10_000, interval: 250 }).toBe('$0.0310000');
      expect(guestSockets.filter((url) => new URL(url).pathname === '/api/ws')).toEqual([]);
      await screenshot(guest, 'token-guest-polled');
    }, 60_000);
  });
});
