import { describe, expect, it } from 'vitest';
import { screenshot } from '../../tests/support/browser.js';
import { browserSuite } from './support/browser-suite.js';

/**
 * A render error must end in the 'Something went wrong' screen, not a blank page. A catalogue
 * answer whose game names are objects (a proxy or a broken server mangling it) makes React throw
 * while rendering the home page's game tiles. (A malformed stored user no longer does: it is
 * validated and dropped, issue #17.)
 */

/** Every `{ slug, name }` object in a tRPC answer gets an object for a name. */
function corruptGameNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(corruptGameNames);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, inner]) => [key, corruptGameNames(inner)] as const);
    const object = Object.fromEntries(entries) as Record<string, unknown>;
    if ('slug' in object && 'name' in object) object.name = { broken: true };
    return object;
  }
  return value;
}
describe('render error fallback', () => {
  const suite = browserSuite();

  it('shows the message with Try Again and Reload Page, and Reload Page recovers once the cause is gone', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const catalogue = /\/api\/trpc\/[^?]*games\.list/;
    await page.route(catalogue, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: corruptGameNames(await response.json()) });
    });
    await page.goto(suite.platform.url);

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

    await page.unroute(catalogue);
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await page.getByRole('button', { name: 'LOGIN' }).waitFor({ timeout: 15_000 });
    expect(await alert.count()).toBe(0);
    await page.close();
  });
});
