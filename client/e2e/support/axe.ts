import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, injected as it is into the page under test. */
const AXE_SOURCE = (require('axe-core') as { source: string }).source;

/** The rule sets the platform holds itself to: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** Runs axe's WCAG 2.2 A/AA rules on the page as it is now; one entry per rule broken, with the offending nodes. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Through the debugging protocol, which the page's Content-Security-Policy (script-src 'self') does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return (
      result.violations as {
        id: string;
        impact: string | null;
        nodes: { target: string[]; html: string; failureSummary?: string }[];
      }[]
    ).map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map(
        (node) =>
          `${node.target.join(' ')} ${node.html.slice(0, 140)} :: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`,
      ),
    }));
  }, WCAG_TAGS);
}

/**
 * A screen to check, and who sees it: a guest, the signed-in player, an admin; `narrowOnly` for the phone's pages;
 * `shot` to save what it looked like when axe ran (the screens whose fixes changed how they look).
 */
export interface AxeScreen {
  path: string;
  as: readonly ('guest' | 'player' | 'admin')[];
  narrowOnly?: boolean;
  shot?: boolean;
}

/** The screen once its h1 shows and the network is quiet, then axe on it: one page load, the page reused. */
export async function screenViolations(
  page: Page,
  baseUrl: string,
  path: string,
): Promise<(AxeViolation & { path: string })[]> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  return (await axeViolations(page)).map((violation) => ({ path, ...violation }));
}
