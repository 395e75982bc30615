import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../tests/support/browser.js';
import { browserSuite } from './support/browser-suite.js';
import { MOBILE, WIDE } from './support/page-helpers.js';

/**
 * Issue 45, point 2: after a fresh start the server took seconds to send the home page's game catalogue and the code
 * that comes after the first paint, and Categories and Featured games sat empty while the footer and the tab bar
 * were missing. Here those answers are held at the browser's network edge until the test lets them go: the shell
 * (header, footer, the phone's tab bar) shows at once and each section shows skeleton tiles until its part arrives.
 */
// The lobby's grids are in the `shell` chunk (client/screen-chunks-plugin.ts), with what every page fetches after its
// first screen.
const HELD_CHUNKS = /\/assets\/(shell|SiteFooter|MobileTabBar)-[^/]*\.js$/;
const isCatalogue = (url: URL) => url.pathname.startsWith('/api/trpc/') && url.pathname.includes('games.list');

async function holdSlowParts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await released;
    await route.continue().catch(() => undefined);
  };
  await page.route((url) => HELD_CHUNKS.test(url.pathname) || isCatalogue(url), hold);
  return release;
}

describe('a cold home page', () => {
  const suite = browserSuite();

  for (const [label, viewport] of [
    ['390', MOBILE],
    ['1440', WIDE],
  ] as const) {
    it(`at ${label} px shows the shell at once and skeletons until the sections' parts arrive`, async () => {
      const page = await suite.browser.newPage({ viewport });
      const release = await holdSlowParts(page);
      await page.goto(`${suite.platform.url}/`);
      await page.getByRole('heading', { name: 'Casino', level: 1 }).waitFor({ timeout: 20_000 });

      expect(await page.locator('header').first().isVisible()).toBe(true);
      const footer = page.locator('main footer');
      await expect.poll(() => footer.count()).toBe(1);
      expect(await footer.innerText()).toContain('Responsible gaming');
      if (viewport === MOBILE) {
        const tabs = page.getByRole('navigation', { name: 'Sections' });
        expect(await tabs.isVisible()).toBe(true);
        expect(await tabs.getByRole('link').allInnerTexts()).toEqual(['Menu', 'Casino', 'BZU', 'Trollbox']);
      }
      expect(await page.getByTestId('categories-skeleton').isVisible()).toBe(true);
      expect(await page.getByTestId('featured-skeleton').isVisible()).toBe(true);
      expect(await page.locator('section[aria-labelledby="featured-heading"]').getAttribute('aria-busy')).toBe('true');
      await screenshot(page, `cold-home-skeletons-${label}`);

      release();
      const categories = page.getByRole('navigation', { name: 'Casino categories' });
      await categories.waitFor({ timeout: 20_000 });
      const featured = page.getByRole('list', { name: 'Featured games' });
      await featured.waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('categories-skeleton').count()).toBe(0);
      expect(await page.getByTestId('featured-skeleton').count()).toBe(0);
      expect(await featured.getByRole('link').count()).toBeGreaterThan(5);
      await screenshot(page, `cold-home-loaded-${label}`);
      await page.close();
    });
  }
});
