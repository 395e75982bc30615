import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
export const WIDE = { width: 1440, height: 900 };

/** Visits a path and waits until the page's h1 has rendered (routes load lazily). */
export async function visit(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 20_000 });
}

export async function headingText(page: Page): Promise<string> {
  return (await page.locator('main h1').first().innerText()).trim();
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe(path);
}

/** Interactive elements on screen that have no accessible name. */
export function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type=hidden]), textarea, select, [role=button], [role=tab], [role=menuitem]';
    const isVisible = (el: Element) => {
      const box = (el as HTMLElement).getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !el.closest('[inert]');
    };
    const nameOf = (el: Element): string => {
      const labelledBy = el.getAttribute('aria-labelledby');
      const fromIds = labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '';
      const labels =
        'labels' in el
          ? Array.from((el as HTMLInputElement).labels ?? [])
              .map((l) => l.textContent ?? '')
              .join(' ')
          : '';
      const imgAlt = Array.from(el.querySelectorAll('img[alt]'))
        .map((img) => img.getAttribute('alt'))
        .join(' ');
      return [
        el.getAttribute('aria-label'),
        fromIds,
        labels,
        el.textContent,
        el.getAttribute('title'),
        imgAlt,
        el.getAttribute('placeholder'),
      ]
        .filter(Boolean)
        .join(' ')
        .trim();
    };
    return Array.from(document.querySelectorAll(selector))
      .filter(isVisible)
      .filter((el) => !nameOf(el))
      .map((el) => el.outerHTML.slice(0, 160));
  });
}

/** Rotates the player's seed pair from /provably-fair's seeds panel and waits until the old server seed is revealed. */
export async function rotateSeedPair(page: Page, baseUrl: string): Promise<void> {
  await visit(page, baseUrl, '/provably-fair');
  await page.getByTestId('open-seeds').click();
  const seeds = page.getByTestId('seeds-panel');
  await seeds.getByTestId('rotate-seed').click();
  await expect
    .poll(() => seeds.getByTestId('revealed-server-seed').innerText(), { timeout: 10_000 })
    .toMatch(/^[0-9a-f]{64}$/);
  await page.keyboard.press('Escape');
}
