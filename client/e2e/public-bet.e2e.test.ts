import { describe, expect, it } from 'vitest';
import { http } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { gamePlayerSuite } from './support/game-player-suite.js';
import { MOBILE, visit, WIDE } from './support/page-helpers.js';
import { openSignedInPage } from './support/signed-in-page.js';

/**
 * Issue 45, point 11: /bets/<id> is a bet anyone can open (game, time, player or "Hidden", stake, multiplier, payout,
 * its verifier); My bets' details link to it; "/bet <id>" in the Trollbox posts the bet's card, which links to it.
 */
describe('a bet anyone can open', () => {
  const suite = gamePlayerSuite({ ip: '10.45.11.1', funds: '20' });
  let betId: string;

  it('at 1440 px a guest opens /bets/<id> and sees the bet and its verifier, nothing private', async () => {
    const placed = await http(
      suite.platform.url,
      'POST',
      '/api/games/dice/bets',
      { amount: 1.5, target: 50, condition: 'over' },
      { token: suite.player.token },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    betId = placed.body.id as string;
    const page = await suite.browser.newPage({ viewport: WIDE });
    await visit(page, suite.platform.url, `/bets/${betId}`);
    await expect.poll(() => page.locator('main h1').innerText()).toBe(`Dice bet #${betId}`);
    const details = page.getByTestId('bet-details');
    await details.waitFor();
    const profile = suite.player.user as unknown as { publicUsername: string; loginName?: string; email?: string };
    expect(await page.getByTestId('details-player').innerText()).toContain(profile.publicUsername);
    const text = await details.innerText();
    expect(text).toContain('1.50 USD');
    expect(text).toMatch(/Multiplier\s+\d+\.\d\dx/);
    expect(await details.getByTestId('verify-link').isVisible()).toBe(true);
    if (profile.email) expect(await page.locator('body').innerText()).not.toContain(profile.email);
    await screenshot(page, 'public-bet-1440');
    await page.close();
  });

  it('at 390 px the player hides their name in settings, and the page then says Hidden', async () => {
    const page = await openSignedInPage(suite.browser, suite.player, MOBILE, suite.opened);
    await visit(page, suite.platform.url, '/account/settings');
    const toggle = page.getByRole('switch', { name: /Hide my name/ });
    await expect.poll(() => toggle.isEnabled(), { timeout: 10_000 }).toBe(true);
    // Clear of the fixed header and tab bar of a phone's screen; Mantine's switch input lies over its label and track.
    await toggle.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(() => toggle.isEnabled(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'settings-privacy-390');

    const guest = await suite.browser.newPage({ viewport: MOBILE });
    await visit(guest, suite.platform.url, `/bets/${betId}`);
    await expect.poll(() => guest.getByTestId('details-player').innerText(), { timeout: 10_000 }).toMatch(/^Hidden - /);
    await screenshot(guest, 'public-bet-hidden-390');
    await guest.close();
    await toggle.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
  });

  it('at 1440 px My bets details link to the page, and "/bet <id>" in the Trollbox posts a card linking to it', async () => {
    const page = await openSignedInPage(suite.browser, suite.player, WIDE, suite.opened);
    await visit(page, suite.platform.url, '/casino/my-bets?game=dice');
    await page
      .locator('main')
      .getByRole('button', { name: `Dice bet ${betId} details` })
      .click();
    await page.getByTestId('bet-page-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/bets/${betId}`);
    await expect.poll(() => page.locator('main h1').innerText()).toBe(`Dice bet #${betId}`);

    const chat = page.locator('#chat-panel');
    const input = chat.getByRole('textbox', { name: 'Chat message' });
    await input.waitFor({ timeout: 20_000 });
    await input.fill(`/bet ${betId}`);
    await input.press('Enter');
    const card = chat.getByTestId('chat-bet-card').last();
    await expect.poll(() => card.innerText(), { timeout: 10_000 }).toContain(`Dice bet #${betId}`);
    expect(await card.innerText()).toContain('1.50 USD');
    await screenshot(page, 'trollbox-bet-card-1440');
    await visit(page, suite.platform.url, '/');
    await chat
      .getByRole('link', { name: `Dice bet #${betId}` })
      .last()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/bets/${betId}`);

    await input.fill('/bet twelve');
    await input.press('Enter');
    await expect.poll(() => chat.innerText()).toContain('Usage: /bet id');
  });
});
