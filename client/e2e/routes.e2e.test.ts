import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal } from '../src/lib/decimal';
import { http } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { browserSuite } from './support/browser-suite.js';
import { DESKTOP, MOBILE, expectPath, headingText, pathOf, visit } from './support/page-helpers.js';
import { NARROW_ONLY_ROUTES, SHARED_ROUTES, screenshotName } from './support/routes.js';
import { formatMoney } from '../src/lib/money';

/**
 * Every route of the spec, visited in Chromium at a desktop and a phone size against the real
 * server. Each visit checks the heading, the tab title and the page's own text, and saves a
 * screenshot under test-results/screenshots/.
 */
describe('every route renders on desktop and mobile', () => {
  const suite = browserSuite();

  /** The server's token.latest figures as the pages must print them: price (7 decimals), market cap, volume. */
  async function serverTokenFigures(): Promise<string[]> {
    const { status, body } = await http(suite.platform.url, 'GET', '/token/data');
    expect(status).toBe(200);
    const usd = (value: number) =>
      `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    return [`$${Number(body.price).toFixed(7)}`, usd(body.marketCap), usd(body.volume24h)];
  }

  /** The open raffle's figures as /raffle and /casino/raffles print them: estimates to the cent, the ticket rule. */
  async function serverRaffleFigures(): Promise<string[]> {
    const { status, body } = await http(suite.platform.url, 'GET', '/api/trpc/raffle.current');
    expect(status).toBe(200);
    const raffle = body.result.data as {
      pool: Record<string, string>;
      prizes: { estimatedAmount: string }[];
      ticketRule: { usdPerTicket: string };
    };
    const estimates = [...Object.values(raffle.pool), ...raffle.prizes.map((prize) => prize.estimatedAmount)].map(
      (value) => `$${formatDecimal(value, 2)}`,
    );
    return [...estimates, `$${formatMoney(raffle.ticketRule.usdPerTicket, 0)}`];
  }

  describe.each([
    { label: 'desktop', viewport: DESKTOP },
    { label: 'mobile', viewport: MOBILE },
  ])('at $label size', ({ label, viewport }) => {
    let context: BrowserContext;
    let page: Page;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      context = await suite.browser.newContext({ viewport });
      page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each(SHARED_ROUTES)('$path shows "$heading"', async ({ path, heading, text, tokenFigures, raffleFigures }) => {
      await visit(page, suite.platform.url, path);
      expect(pathOf(page)).toBe(path);
      await expect.poll(() => headingText(page)).toBe(heading);
      // Some texts come with a query's answer (e.g. the catalogue), after the heading.
      if (text) await expect.poll(() => page.locator('main').innerText()).toContain(text);
      await expect.poll(() => page.title()).toMatch(/\| BZU$/);
      if (tokenFigures) {
        // The token pages show the server's figures, and no other amount.
        const figures = await serverTokenFigures();
        await expect.poll(() => page.locator('main').getByTestId('token-price').innerText()).toBe(figures[0]);
        await expect.poll(() => page.locator('main').getByTestId('token-market-cap').innerText()).toBe(figures[1]);
        const amounts = (await page.locator('main').innerText()).match(/\$\s?[\d,.]+\d/g) ?? [];
        for (const amount of amounts) expect(figures).toContain(amount);
      } else if (raffleFigures) {
        // The raffle pages show the open raffle's pool and prizes, and no other amount.
        const figures = await serverRaffleFigures();
        const amounts = (await page.locator('main').innerText()).match(/\$\s?[\d,.]+\d/g) ?? [];
        expect(amounts.length).toBeGreaterThan(0);
        for (const amount of amounts) expect(figures).toContain(amount);
      } else {
        // No invented numbers: signed out, no page may show a price, a balance or a game count.
        expect(await page.locator('main').innerText()).not.toMatch(/\$\s?\d/);
      }
      // No page may be wider than the screen (the header's balance and menu would leave it).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, screenshotName(label, path));
      expect(pageErrors).toEqual([]);
    });

    // /casino/no-such-game matches the /casino/$game route, whose unregistered slug must still go home.
    it.each(['/no/such/page', '/casino/no-such-game'])('redirects the unknown path %s to /', async (unknown) => {
      await page.goto(`${suite.platform.url}${unknown}`);
      await expectPath(page, '/');
      await expect.poll(() => headingText(page)).toBe('Casino');
    });

    it('shows the footer with its groups, notices, support address and version', async () => {
      await visit(page, suite.platform.url, '/');
      const footer = page.getByTestId('site-footer');
      await expect.poll(() => footer.innerText()).toContain('support@bzu.example');
      const text = await footer.innerText();
      for (const expected of [
        'PLATFORM',
        'ABOUT US',
        'COMMUNITY',
        '18+',
        'gaming licence',
        'Crypto trading is not gambling',
        'Version 1.0.0',
      ]) {
        expect(text).toContain(expected);
      }
      // Every footer link leads somewhere real (no '#').
      const hrefs = await footer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs.length).toBeGreaterThanOrEqual(12);
      for (const href of hrefs) expect(href).toMatch(/^(\/[a-z]|mailto:)/);
      await footer.scrollIntoViewIfNeeded();
      await screenshot(page, `${label}-footer`);
    });
  });

  describe('desktop layout', () => {
    let page: Page;
    beforeAll(async () => {
      page = await suite.browser.newPage({ viewport: DESKTOP });
    });
    afterAll(async () => {
      await page?.close();
    });

    it('has top bar, sidebar with token card and casino group, chat panel open, and no tab bar', async () => {
      await visit(page, suite.platform.url, '/casino/slots');
      await expect.poll(() => page.locator('#sidebar').isVisible()).toBe(true);
      const sidebar = page.locator('#sidebar');
      // The token card shows the server's price to 7 decimals.
      const [price] = await serverTokenFigures();
      await expect.poll(() => sidebar.getByTestId('token-price').innerText()).toBe(price);
      for (const label of [
        'All Games',
        'Slots',
        'Live Casino',
        'Game Shows',
        'Roulette',
        'Blackjack',
        'Bingo',
        'Raffles',
      ]) {
        await expect.poll(() => sidebar.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
      }
      expect(await sidebar.getByRole('link', { name: 'Trade' }).getAttribute('href')).toBe('/token/trade');
      expect(await sidebar.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/token');
      // SPORTS_ENABLED is not set, so there is no Sports link.
      expect(await sidebar.getByRole('link', { name: 'Sports' }).count()).toBe(0);
      const chat = page.locator('#chat-panel');
      expect(await chat.isVisible()).toBe(true);
      expect((await chat.boundingBox())!.width).toBe(320);
      // The search box loads just after the first paint (issue #17's first-screen budget).
      await expect.poll(() => page.getByRole('searchbox', { name: 'Search games' }).isVisible()).toBe(true);
      expect(await page.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    });

    it('sends the narrow-screen-only pages home', async () => {
      for (const { path } of NARROW_ONLY_ROUTES) {
        await page.goto(`${suite.platform.url}${path}`);
        await expectPath(page, '/');
      }
    });
  });

  describe('mobile layout', () => {
    let page: Page;
    beforeAll(async () => {
      page = await suite.browser.newPage({ viewport: MOBILE });
    });
    afterAll(async () => {
      await page?.close();
    });

    it.each(NARROW_ONLY_ROUTES)('$path shows "$heading"', async ({ path, heading, text }) => {
      await visit(page, suite.platform.url, path);
      expect(pathOf(page)).toBe(path);
      await expect.poll(() => headingText(page)).toBe(heading);
      // Some texts come with a query's answer (e.g. the catalogue), after the heading.
      if (text) await expect.poll(() => page.locator('main').innerText()).toContain(text);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, screenshotName('mobile', path));
    });

    it('has the bottom tab bar and no sidebar, chat panel or search box in the top bar', async () => {
      await visit(page, suite.platform.url, '/');
      const tabs = page.getByRole('navigation', { name: 'Sections' });
      // The tab bar loads just after the first paint (issue #17's first-screen budget).
      await expect.poll(() => tabs.getByRole('link').allInnerTexts()).toEqual(['Menu', 'Casino', 'BZU', 'Trollbox']);
      expect(await page.locator('#sidebar').isVisible()).toBe(false);
      expect(await page.locator('#chat-panel').isVisible()).toBe(false);
      expect(await page.locator('header').getByRole('searchbox').count()).toBe(0);
      await tabs.getByRole('link', { name: 'Trollbox' }).click();
      await expectPath(page, '/chat');
      await tabs.getByRole('link', { name: 'BZU' }).click();
      await expectPath(page, '/token');
      await tabs.getByRole('link', { name: 'Menu' }).click();
      await expectPath(page, '/menu');
    });
  });
});

describe('with SPORTS_ENABLED=true', () => {
  const suite = browserSuite({ SPORTS_ENABLED: 'true' });

  it('shows the Sports link in the sidebar and the Sports tab on mobile', async () => {
    const desktop = await suite.browser.newPage({ viewport: DESKTOP });
    await visit(desktop, suite.platform.url, '/sports');
    await expect.poll(() => desktop.locator('#sidebar').getByRole('link', { name: 'Sports' }).isVisible()).toBe(true);
    // The events list loads from the server; with nothing published it says so.
    await expect.poll(() => desktop.locator('main').innerText(), { timeout: 10_000 }).toContain('No events yet');
    await screenshot(desktop, 'desktop-sports-enabled');
    await desktop.close();

    const mobile = await suite.browser.newPage({ viewport: MOBILE });
    await visit(mobile, suite.platform.url, '/');
    await expect
      .poll(() => mobile.getByRole('navigation', { name: 'Sections' }).getByRole('link').allInnerTexts())
      .toEqual(['Menu', 'Casino', 'Sports', 'BZU', 'Trollbox']);
    await mobile.close();
  });
});
