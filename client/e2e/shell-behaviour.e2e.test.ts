import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from '../../tests/support/browser.js';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { DESKTOP, MOBILE, expectPath, headingText, unnamedControls, visit } from './support/page-helpers.js';
import { browserSuite } from './support/browser-suite.js';
import { ACCOUNT_ROUTES, screenshotName } from './support/routes.js';
import { seedSession } from './support/session-seed.js';

/** What the shell does, rather than what each page shows: state, modals, errors and keyboard use. */
describe('app shell behaviour', () => {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS });
  let page: Page;

  beforeEach(async () => {
    page = await suite.browser.newPage({ viewport: DESKTOP });
  });
  afterEach(async () => {
    // Bounded: a hung renderer must fail its own test, not hold every later one (the browser closes after the file).
    await Promise.race([page?.context().close(), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  });

  it('remembers the collapsed sidebar and the closed chat panel across a reload, without moving the top bar', async () => {
    await visit(page, suite.platform.url, '/');
    const sidebarToggle = page.getByRole('button', { name: 'Collapse sidebar' });
    // The header's buttons mount anew when their tooltips arrive after the first paint (LazyTooltip): a box read from
    // the node being replaced is null (seen twice under CI load), so each box is read until there is one.
    const closeChat = page.locator('header').getByRole('button', { name: 'Close chat' });
    const logo = page.getByRole('link', { name: 'BZU home' });
    const boxOf = async (locator: typeof logo) => {
      let box: Awaited<ReturnType<typeof logo.boundingBox>> = null;
      await expect.poll(async () => (box = await locator.boundingBox())).not.toBeNull();
      return box;
    };
    const chatToggleBefore = await boxOf(closeChat);
    const logoBefore = await boxOf(logo);

    await closeChat.click();
    await expect.poll(() => page.locator('#chat-panel').isVisible()).toBe(false);
    // The top bar's controls stay exactly where they were.
    expect(await boxOf(page.locator('header').getByRole('button', { name: 'Open chat' }))).toEqual(chatToggleBefore);
    expect(await boxOf(logo)).toEqual(logoBefore);
    await sidebarToggle.click();
    await expect.poll(() => page.locator('#sidebar').isVisible()).toBe(false);

    await page.reload();
    await page.locator('h1').first().waitFor();
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    expect(await page.locator('#chat-panel').isVisible()).toBe(false);
    // Hidden panels are out of the tab order.
    expect(await page.locator('#sidebar').getAttribute('inert')).not.toBeNull();
    await screenshot(page, 'desktop-sidebar-and-chat-collapsed');

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.locator('header').getByRole('button', { name: 'Open chat' }).click();
    await page.reload();
    await page.locator('h1').first().waitFor();
    expect(await page.locator('#sidebar').isVisible()).toBe(true);
    expect(await page.locator('#chat-panel').isVisible()).toBe(true);
  });

  it('shows the remembered panels alike in a second tab, and still toggles them when the storage refuses to save', async () => {
    const tabs = await suite.browser.newContext({ viewport: DESKTOP });
    try {
      const [first, second] = [await tabs.newPage(), await tabs.newPage()];
      await visit(first, suite.platform.url, '/');
      await visit(second, suite.platform.url, '/casino/originals');
      await first.getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect.poll(() => second.locator('#sidebar').isVisible()).toBe(false);
      await second.locator('header').getByRole('button', { name: 'Close chat' }).click();
      await expect.poll(() => first.locator('#chat-panel').isVisible()).toBe(false);
    } finally {
      await tabs.close();
    }

    const refusing = await suite.browser.newPage({ viewport: DESKTOP });
    try {
      await refusing.addInitScript(() => {
        Storage.prototype.setItem = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
      });
      await visit(refusing, suite.platform.url, '/');
      await refusing.locator('header').getByRole('button', { name: 'Close chat' }).click();
      await expect.poll(() => refusing.locator('#chat-panel').isVisible()).toBe(false);
      await refusing.locator('header').getByRole('button', { name: 'Open chat' }).click();
      await expect.poll(() => refusing.locator('#chat-panel').isVisible()).toBe(true);
    } finally {
      await refusing.context().close();
    }
  });

  it('opens the auth modal on the tab of the button and validates registration with the spec messages', async () => {
    await visit(page, suite.platform.url, '/');
    await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('tab', { name: 'LOGIN' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('button', { name: 'LOGIN' }).click();
    await expect.poll(() => dialog.innerText()).toContain('This field is required');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByRole('button', { name: 'REGISTER', exact: true }).click();
    await expect.poll(() => dialog.getByRole('tab', { name: 'REGISTER' }).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.getByLabel('Email').getAttribute('type')).toBe('email');
    await dialog.getByLabel('Username').fill('ab');
    await dialog.getByLabel('Display name').fill('no_way!');
    await dialog.getByLabel(/^Password/).fill('secret-1');
    await dialog.getByLabel('Confirm password').fill('secret-2');
    await dialog.getByRole('button', { name: 'REGISTER' }).click();
    const text = await dialog.innerText();
    expect(text).toContain('Username must be 3-10 characters and contain only letters and numbers');
    expect(text).toContain('Display name must be 3-10 characters and contain only letters and numbers');
    expect(text).toContain('Passwords do not match');
    expect(text).toContain('You must accept the Terms & Conditions');
    await screenshot(page, 'desktop-register-validation');
  });

  it('shows the signed-in header from the stored user, links every account page and logs out', async () => {
    // A real session; the stored user record carries balances of its own, but the header shows the
    // server's (issue #17: the profile is fetched at every start, a stale stored balance is replaced).
    const { token, user } = await signedInAccount(suite.platform, { public_username: 'Alice' });
    await visit(page, suite.platform.url, '/');
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify({ ...user, balance: '12.5', bzuBalance: '3' }));
      },
      { token, user },
    );
    await page.reload();
    await expect.poll(() => page.getByTestId('header-balance').innerText()).toContain('0.00');
    await expect.poll(() => page.getByTestId('header-bzu-balance').innerText()).toContain('0.00');
    await expect.poll(() => page.getByRole('button', { name: 'Vault' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'LOGIN', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Account menu for Alice' }).click();
    const menu = page.getByRole('menu');
    // textContent: the rank badge is upper-cased by CSS only. The rank arrives after the first paint.
    await expect.poll(async () => (await menu.textContent()) ?? '').toContain('Experience 0 / 10,000 to Bronze');
    const menuText = (await menu.textContent()) ?? '';
    expect(menuText).toContain('Unranked');
    // A new player: no XP yet, Bronze (the first rank) at 10,000.
    expect(menuText).toContain('Experience 0 / 10,000 to Bronze');
    const hrefs = await menu
      .getByRole('menuitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('href')));
    // VIP and rakeback, and the Vault (a button), come before the account pages.
    expect(hrefs).toEqual([
      '/vip',
      null,
      '/account/profile',
      '/account/balances',
      '/account/referrals/codes',
      '/account/deposits/ALL',
      '/account/withdrawals/ALL',
      '/account/settings',
      '/account/exclusion',
      // The player-protection page the issue 44 asks the account menu to link.
      '/responsible-gaming',
      null,
    ]);
    await screenshot(page, 'desktop-user-menu');
    await page.keyboard.press('Escape');

    for (const { path, heading } of ACCOUNT_ROUTES) {
      await visit(page, suite.platform.url, path);
      await expect.poll(() => headingText(page)).toBe(heading);
      await screenshot(page, screenshotName('desktop-signed-in', path));
    }
    // The last page visited is the self-exclusion page with its real choices.
    await expect.poll(() => page.locator('main').innerText()).toContain('Exclude me for');

    await page.getByRole('button', { name: 'Account menu for Alice' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expectPath(page, '/');
    await expect.poll(() => page.getByText('You have been logged out successfully').isVisible()).toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await expect.poll(() => page.getByRole('button', { name: 'LOGIN', exact: true }).isVisible()).toBe(true);
    // Log Out ended the session on the server too.
    expect((await http(suite.platform.url, 'GET', '/api/auth/profile', undefined, { token })).status).toBe(401);
  });

  it('searches the game catalogue from the top bar and says when nothing matches', async () => {
    await visit(page, suite.platform.url, '/');
    const search = page.getByRole('searchbox', { name: 'Search games' });
    await search.fill('zzz');
    await expect.poll(() => page.getByText('No games match “zzz”').isVisible()).toBe(true);
    await screenshot(page, 'desktop-search-no-match');
    await search.press('Enter');
    await expect.poll(() => page.url()).toContain('/games?q=zzz');
    await expect.poll(() => page.locator('main').innerText()).toContain('No games match “zzz”');
  });

  it('shows a loading placeholder while a route loads, then the page, scrolled to the top', async () => {
    await visit(page, suite.platform.url, '/terms-and-conditions');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    // The raffles page's code is held until the placeholder has been seen: a fixed hold (3 s, then 6 s) was missed
    // twice under CI load, the placeholder's render (a React transition) coming later than the code.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route('**/assets/raffles-*.js', async (route) => {
      held += 1;
      await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      // The page may be gone by then (a failed test closes it).
      await route.continue().catch(() => undefined);
    });
    await page.locator('#sidebar').getByText('Casino', { exact: true }).click();
    await page.locator('#sidebar').getByRole('link', { name: 'Raffles', exact: true }).click();
    // The placeholder shows from the router's pending delay while the code is still on its way (requested: held > 0).
    const loading = async () =>
      `requested ${held > 0}, placeholder ${await page.getByTestId('route-loading').isVisible()}`;
    await expect.poll(loading, { interval: 50, timeout: 20_000 }).toBe('requested true, placeholder true');
    await screenshot(page, 'desktop-route-loading');
    release();
    await expect.poll(() => headingText(page), { timeout: 10_000 }).toBe('Raffles');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('shows the router error page when a page fails to load and returns home after 5 s', async () => {
    await visit(page, suite.platform.url, '/terms-and-conditions');
    let attempts = 0;
    await page.route('**/assets/raffles-*.js', (route) => {
      attempts += 1;
      return route.abort();
    });
    let reloads = 0;
    page.on('load', () => (reloads += 1));
    await page.locator('#sidebar').getByText('Casino', { exact: true }).click();
    await page.locator('#sidebar').getByRole('link', { name: 'Raffles', exact: true }).click();
    // The server is up, so the app may reload once (a new deploy would fix it), then gives up. It reloads only when
    // the health check answers "ok" in time, which a loaded machine does not always do; it never reloads twice. (The
    // chunk may be asked for more than once per page: hovering the link preloads it.)
    // The whole error page at once (the heading, the countdown and both actions), read before its 5 s are up.
    const errorPage = async () =>
      (await page.getByRole('heading', { name: 'Something went wrong' }).isVisible()) &&
      (await page.getByRole('button', { name: 'Try Again' }).isVisible()) &&
      (await page.getByRole('button', { name: 'Reload Page' }).isVisible()) &&
      /Returning to the home page in \d s/.test(
        await page
          .getByTestId('error-redirect-countdown')
          .innerText({ timeout: 1_000 })
          .catch(() => ''),
      );
    await expect.poll(errorPage, { timeout: 10_000 }).toBe(true);
    expect(attempts).toBeGreaterThanOrEqual(1 + reloads);
    expect(reloads).toBeLessThanOrEqual(1);
    await screenshot(page, 'desktop-route-error');
    // The server is fine, so this is not a maintenance case.
    expect(await page.getByTestId('maintenance-overlay').count()).toBe(0);
    await expectPath(page, '/casino/raffles');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 8_000 }).toBe('/');
  });

  it('hides notifications after 5 s', async () => {
    await visit(page, suite.platform.url, '/email-verification');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    const note = page.getByText('Verification email sent. Please check your inbox.');
    await expect.poll(() => note.isVisible()).toBe(true);
    await page.waitForTimeout(3_500);
    expect(await note.isVisible()).toBe(true);
    await expect.poll(() => note.count(), { timeout: 4_000 }).toBe(0);
  });

  it('opens the chat rules from the Trollbox', async () => {
    await visit(page, suite.platform.url, '/');
    await page.locator('#chat-panel').getByRole('button', { name: 'Chat rules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chat rules' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain('Be respectful');
    await screenshot(page, 'desktop-chat-rules');
    await dialog.getByRole('button', { name: 'I understand' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('on a phone, shows the rank chip in the header, within the screen', async () => {
    const signedIn = await signedInAccount(suite.platform);
    const profile = await http(suite.platform.url, 'GET', '/api/auth/profile', undefined, { token: signedIn.token });
    await page.context().close();
    const context = await suite.browser.newContext({ viewport: MOBILE });
    await seedSession(context, { token: signedIn.token, user: profile.body });
    page = await context.newPage();
    await visit(page, suite.platform.url, '/');
    const chip = page.getByTestId('header-rank-chip');
    await chip.waitFor();
    expect(await page.getByTestId('header-rank').innerText()).toBe('Unranked');
    const chipBox = await chip.boundingBox();
    expect(chipBox && chipBox.x + chipBox.width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'mobile-header-rank-chip');
  });

  it.each([
    { label: 'desktop', viewport: DESKTOP },
    { label: 'mobile', viewport: MOBILE },
  ])('labels every control and shows a focus ring for keyboard users ($label)', async ({ viewport }) => {
    await page.setViewportSize(viewport);
    for (const path of ['/', '/menu', '/token', '/chat', '/forgot-password']) {
      await page.goto(`${suite.platform.url}${path}`);
      await page.locator('h1').first().waitFor();
      expect(await unnamedControls(page), path).toEqual([]);
    }
    await visit(page, suite.platform.url, '/');
    // What loads after the first paint (tiles, tab bar, menus) is in place before tabbing through it.
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { tag: el.tagName, outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(ring.tag).not.toBe('BODY');
      expect(ring.outline).not.toBe('none');
      expect(ring.width).toBeGreaterThan(0);
    }
  });
});
