import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../../tests/support/browser.js';
import { startTestPlatform, type TestPlatform } from '../../tests/support/platform.js';
import { DESKTOP, expectPath, headingText, visit } from './support/page-helpers.js';
import { startTcpForwarder, type TcpForwarder } from './support/tcp-forwarder.js';

/**
 * Spec section 8, "Global": when the server stops answering, the 'Server Maintenance' overlay
 * covers the app; Try Again keeps it while the server is down and reloads once it is back, and the
 * overlay's own check reloads the page when it finds the server back first.
 * The browser talks to a fixed port in front of the server, so the server can really be stopped
 * and a new one started behind the same address.
 */
describe('server maintenance overlay', () => {
  let first: TestPlatform;
  let second: TestPlatform | undefined;
  let third: TestPlatform | undefined;
  let forwarder: TcpForwarder;
  let browser: Browser;

  beforeAll(async () => {
    first = await startTestPlatform();
    forwarder = await startTcpForwarder(first.url);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await forwarder?.close();
    await second?.stop();
    await third?.stop();
  });

  /** A value on the page's window that only a reload clears. */
  const markPage = (page: Page) =>
    page.evaluate(() => ((window as unknown as { beforeOutage?: boolean }).beforeOutage = true));
  const reloadedSinceMark = (page: Page) =>
    page.evaluate(() => !(window as unknown as { beforeOutage?: boolean }).beforeOutage).catch(() => false);

  async function expectRecovered(page: Page): Promise<void> {
    await page.locator('h1').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('maintenance-overlay').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => reloadedSinceMark(page), { timeout: 10_000 }).toBe(true);
    // The reload lands on the page the visitor was going to, or home if the error page had already sent them there.
    await expect.poll(() => headingText(page), { timeout: 10_000 }).toMatch(/^(Raffles|Casino)$/);
    expect(['/casino/raffles', '/']).toContain(new URL(page.url()).pathname);
    await expectPath(page, new URL(page.url()).pathname);
  }

  it('appears when the server is stopped and Try Again recovers once it is back', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await visit(page, forwarder.url, '/');
    // The home page's after-first-paint chunks (tiles, live feed, menus) are in before the server goes.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('maintenance-overlay').count()).toBe(0);
    await markPage(page);

    await first.stop();
    forwarder.setTarget(null);
    // Navigating to a page whose code is not loaded yet needs the server: that failure triggers the check.
    await page.locator('#sidebar').getByRole('link', { name: 'Raffles', exact: true }).click();
    const overlay = page.getByTestId('maintenance-overlay');
    await expect.poll(() => overlay.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await overlay.innerText()).toContain('Server Maintenance');
    expect(await overlay.innerText()).toContain('under maintenance');
    await screenshot(page, 'desktop-maintenance-overlay');

    // Still down: Try Again keeps the overlay and says so.
    await overlay.getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => overlay.innerText(), { timeout: 5_000 }).toContain('still unavailable');

    second = await startTestPlatform();
    forwarder.setTarget(second.url);
    // The overlay's own check may have seen the server back first (the next test covers that path): then the cover
    // has gone and the page is reloading, and there is nothing left to press.
    await overlay
      .getByRole('button', { name: 'Try Again' })
      .click({ timeout: 5_000 })
      .catch(async (error: unknown) => {
        if ((await overlay.count()) > 0) throw error;
      });
    await expectRecovered(page);
    await screenshot(page, 'desktop-maintenance-recovered');
    await page.close();
  });

  it('lifts itself and reloads the page when its own check finds the server back, without Try Again', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await visit(page, forwarder.url, '/');
    await page.waitForLoadState('networkidle');
    await markPage(page);

    await second!.stop();
    second = undefined;
    forwarder.setTarget(null);
    await page.locator('#sidebar').getByRole('link', { name: 'Raffles', exact: true }).click();
    const overlay = page.getByTestId('maintenance-overlay');
    await expect.poll(() => overlay.isVisible(), { timeout: 10_000 }).toBe(true);

    third = await startTestPlatform();
    forwarder.setTarget(third.url);
    // What the periodic check does every 30 s, and what the browser coming back online starts at once.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expectRecovered(page);
    await page.close();
  });
});
