import { describe, expect, it } from 'vitest';
import { screenshot } from '../../tests/support/browser.js';
import { browserSuite } from './support/browser-suite.js';

/** Paths the reference must list: one from each area, and a generic game route from the registry. */
const SAMPLE_PATHS = [
  '/api/auth/login',
  '/api/chat/messages',
  '/api/token/quote',
  '/api/games/dice/bets',
  '/api/sports/bets',
  '/api/raffle/current',
  '/api/crash/current',
  '/auth/status',
];

describe('the API reference page /api/docs', () => {
  const suite = browserSuite();

  it('renders every documented operation from this server alone, within the CSP, and links the AsyncAPI document', async () => {
    const openapi = (await (await fetch(`${suite.platform.url}/api/openapi.json`)).json()) as {
      paths: Record<string, object>;
    };
    const operations = Object.values(openapi.paths).reduce((count, item) => count + Object.keys(item).length, 0);

    for (const width of [1440, 390]) {
      const context = await suite.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const foreign: string[] = [];
      const problems: string[] = [];
      const origin = new URL(suite.platform.url).origin;
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
      });
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${suite.platform.url}/api/docs`);

      // Swagger UI renders operations as they scroll into view: scroll until every one is there.
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
            return page.locator('.opblock').count();
          },
          { timeout: 30_000 },
        )
        .toBe(operations);
      await page.evaluate(() => window.scrollTo(0, 0));
      const listed = await page.locator('.opblock-summary-path').allTextContents();
      const normalized = listed.map((text) => text.replace(/\u200b/g, '').trim());
      for (const path of SAMPLE_PATHS) expect(normalized).toContain(path);
      await expect.poll(() => page.locator('.info .title').textContent()).toContain('BZU platform REST API');
      expect(await page.locator('a[href="/api/asyncapi.json"]').count()).toBeGreaterThan(0);
      expect(await page.locator('#realtime code', { hasText: 'user:{userId}' }).count()).toBe(1);

      await screenshot(page, `api-docs-${width}`);
      // An operation opens on its request body, responses and the error schema.
      const dice = page.locator('.opblock', {
        has: page.locator('.opblock-summary-path', { hasText: '/api/games/dice/bets' }),
      });
      await dice.locator('.opblock-summary').click();
      await expect.poll(() => dice.locator('.responses-table .response').count()).toBeGreaterThan(5);
      await dice.scrollIntoViewIfNeeded();
      await screenshot(page, `api-docs-operation-${width}`);
      await page.locator('#realtime').scrollIntoViewIfNeeded();
      await screenshot(page, `api-docs-realtime-${width}`);
      expect(foreign).toEqual([]);
      // A CSP refusal shows up as a console error: none.
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
