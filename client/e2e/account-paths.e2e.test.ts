import { describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { DISPLAY_NAME_MESSAGE } from '../../server/src/domain/auth/auth.schemas.js';
import { browserSuite } from './support/browser-suite.js';
import { pagesClosedAfterAll, signedInPlayer } from './support/game-player-suite.js';
import { DESKTOP, expectPath, headingText, MOBILE, visit } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

/**
 * Issue 45, points 6 and 7: the account addresses a player types or remembers lead to their page (not the casino home
 * without a word), and registration states the display-name rule before a failed submit does.
 */
describe('account paths and the registration hint', () => {
  const suite = browserSuite({ ...FAST_HASHING, ...RELAXED_LIMITS });
  const opened = pagesClosedAfterAll();

  const guessedPaths = [
    { typed: '/account/deposits', lands: '/account/deposits/ALL', heading: 'Deposits' },
    { typed: '/account/withdrawals', lands: '/account/withdrawals/ALL', heading: 'Withdrawals' },
    { typed: '/account/self-exclusion', lands: '/account/exclusion', heading: 'Self-exclusion' },
    { typed: '/account/referrals', lands: '/account/referrals/codes', heading: 'Referral codes' },
  ];

  it('a signed-in player typing an account address lands on its page', async () => {
    const player = await signedInPlayer(suite.platform, { ip: '10.45.6.1' });
    const page = await openSignedInPage(suite.browser, player, DESKTOP, opened);
    for (const { typed, lands, heading } of guessedPaths) {
      await visit(page, suite.platform.url, typed);
      await expectPath(page, lands);
      await expect.poll(() => headingText(page)).toBe(heading);
    }
    await screenshot(page, 'account-path-referrals-1280');
    expect(opened.pageErrors.get(page)).toEqual([]);
  });

  it('registration shows the display-name rule as the field hint before any submit', async () => {
    const page = await suite.browser.newPage({ viewport: MOBILE });
    await visit(page, suite.platform.url, '/');
    await page.getByRole('button', { name: 'REGISTER', exact: true }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.waitFor();
    const displayName = form.getByRole('textbox', { name: 'Display name' });
    // The hint is the field's accessible description, so a screen reader hears it with the label.
    const described = await displayName.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain('3-10 letters and numbers');
    expect(DISPLAY_NAME_MESSAGE).toContain('3-10 characters');
    expect(await form.innerText()).not.toContain(DISPLAY_NAME_MESSAGE);
    await screenshot(page, 'register-display-name-hint-390');
    await page.close();
  });
});
