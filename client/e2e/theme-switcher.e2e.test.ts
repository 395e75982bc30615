import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../../tests/support/browser.js';
import { startTestPlatform, type TestPlatform } from '../../tests/support/platform.js';

const accentOf = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bzu-accent').trim());

/** The theme switcher is a server feature flag: off by default (spec), on with THEME_SWITCHER_ENABLED. */
describe('theme switcher', () => {
  let browser: Browser;
  const platforms: TestPlatform[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(platforms.map((platform) => platform.stop()));
  });

  it('is hidden by default and the magenta theme is in force even with another choice stored', async () => {
    const platform = await startTestPlatform();
    platforms.push(platform);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => localStorage.setItem('bzu.theme', 'dark'));
    await page.goto(platform.url);
    await page.getByRole('banner').waitFor();
    await expect.poll(() => accentOf(page), { timeout: 10_000 }).toBe('#e0107f');
    expect(await page.getByRole('radiogroup', { name: 'Theme' }).count()).toBe(0);
    await page.close();
  });

  it('appears when the flag is on, switches the theme and remembers the choice across a reload', async () => {
    const platform = await startTestPlatform({ THEME_SWITCHER_ENABLED: 'true' });
    platforms.push(platform);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(platform.url);
    const switcher = page.getByRole('radiogroup', { name: 'Theme' });
    await switcher.waitFor({ timeout: 15_000 });
    await expect.poll(() => accentOf(page)).toBe('#e0107f');

    await switcher.getByText('Dark', { exact: true }).click();
    await expect.poll(() => accentOf(page)).toBe('#228be6');
    await screenshot(page, 'theme-dark-desktop');

    await page.reload();
    await switcher.waitFor({ timeout: 15_000 });
    await expect.poll(() => accentOf(page), { timeout: 10_000 }).toBe('#228be6');

    await switcher.getByText('Shuffle', { exact: true }).click();
    await expect.poll(() => accentOf(page)).toBe('#7950f2');
    await page.close();
  });
});
