import type { Page } from 'playwright-core';
import { screenshot } from '../../../tests/support/browser.js';
import { screenViolations, type AxeScreen } from './axe.js';

/** "/casino/games/wheel" -> "casino-games-wheel" (a screenshot's name). */
const slugOf = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

/** One page per visitor, each reused screen after screen (a context each, so the sessions stay apart). */
export type Visitors = Partial<Record<AxeScreen['as'][number], Page>>;

/**
 * Every screen for every visitor it names, at the viewport the pages were opened at; what axe found, keyed by who saw
 * it. Each visitor's last screen is saved as `<prefix>-<who>.png`, and each `shot` screen as `<prefix>-<who>-<path>.png`.
 */
export async function violationsOnScreens(
  baseUrl: string,
  screens: readonly AxeScreen[],
  visitors: Visitors,
  { narrow, prefix }: { narrow: boolean; prefix: string },
): Promise<{ who: string; path: string; id: string; impact: string | null; nodes: string[] }[]> {
  const found = [];
  for (const screen of screens) {
    if (screen.narrowOnly && !narrow) continue;
    for (const who of screen.as) {
      const page = visitors[who];
      if (!page) continue;
      found.push(...(await screenViolations(page, baseUrl, screen.path)).map((violation) => ({ who, ...violation })));
      if (screen.shot) await screenshot(page, `${prefix}-${who}-${slugOf(screen.path)}`);
    }
  }
  for (const [who, page] of Object.entries(visitors)) if (page) await screenshot(page, `${prefix}-${who}`);
  return found;
}
