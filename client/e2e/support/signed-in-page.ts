import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seedSession, type StoredSession } from './session-seed.js';

/** What a suite keeps of the pages it opens: the contexts to close at the end, and each page's uncaught errors. */
export interface OpenedPages {
  contexts: BrowserContext[];
  pageErrors: Map<Page, string[]>;
}

/** A page in a context of its own, signed in as `who`, whose uncaught errors land in `opened.pageErrors`. */
export async function openSignedInPage(
  browser: Browser,
  who: StoredSession,
  viewport: { width: number; height: number },
  opened: OpenedPages,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  opened.contexts.push(context);
  await seedSession(context, who);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  opened.pageErrors.set(page, errors);
  return page;
}
