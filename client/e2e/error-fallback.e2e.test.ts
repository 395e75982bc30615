import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../../tests/support/browser.js';
import { startTestPlatform, type TestPlatform } from '../../tests/support/platform.js';

/**
 * A render error must end in the 'Something went wrong' screen, not a blank page. A stored user
 * record whose display name is an object (an old client or a hand-edited storage) makes React
 * throw while rendering the header.
 */
describe('render error fallback', () => {
  let platform: TestPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startTestPlatform();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('shows the message with Try Again and Reload Page, and Reload Page recovers once the cause is gone', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const corrupt = JSON.stringify({ id: 1, loginName: { broken: true }, publicUsername: { broken: true }, username: { broken: true } });
    await page.goto(platform.url);
    await page.evaluate((user) => {
      localStorage.setItem('token', 'stale-token');
      localStorage.setItem('user', user);
    }, corrupt);
    await page.reload();

    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    const rendered = await alert.waitFor({ timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    await screenshot(page, 'error-fallback');
    expect(rendered).toBe(true);
    // The error's own message is shown under the title.
    expect((await alert.locator('pre, code').first().innerText()).trim().length).toBeGreaterThan(5);
    await expect(page.getByRole('button', { name: 'Try Again' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Reload Page' }).isVisible()).resolves.toBe(true);

    await page.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('user');
    });
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await page.getByRole('button', { name: 'LOGIN' }).waitFor({ timeout: 15_000 });
    expect(await alert.count()).toBe(0);
    await page.close();
  });
});
