import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../../tests/support/auth.js';
import { screenshot } from '../../tests/support/browser.js';
import { OPEN_TABLE_LIMITS } from '../../tests/support/auth.js';
import { WALLET_TEST_ENV, fundPlayer, trpc } from '../../tests/support/wallet.js';
import { browserSuite } from './support/browser-suite.js';
import { MOBILE, WIDE, visit } from './support/page-helpers.js';
import { seedSession } from './support/session-seed.js';
import { unitsOf, utcDay } from '../src/features/admin/report-figures.js';

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/**
 * The back office in the browser (issue 43): finance sees yesterday's GGR in the chart and the summary and exports
 * it as CSV; support finds a player, opens their file, and has no way to approve their withdrawal (no button, and
 * the server refuses the call the button would make). At 1440 and 390 px.
 */
describe('back office', () => {
  // A generous hashing timeout: on a shared, loaded machine a registration can wait longer than the default 10 s.
  const suite = browserSuite({
    ...FAST_HASHING,
    ...RELAXED_LIMITS,
    ...WALLET_TEST_ENV,
    ...OPEN_TABLE_LIMITS,
    PASSWORD_HASH_TIMEOUT_MS: '60000',
    // The wallet tests' 100 lets every withdrawal through; here a score above 50 waits for a risk review.
    WITHDRAWAL_RISK_REVIEW_SCORE: '50',
  });
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  async function pageFor(token: string, viewport: { width: number; height: number }): Promise<Page> {
    const profile = await http(suite.platform.url, 'GET', '/api/auth/profile', undefined, { token });
    const context = await suite.browser.newContext({ viewport, acceptDownloads: true });
    contexts.push(context);
    await seedSession(context, { token, user: profile.body });
    return context.newPage();
  }

  let player: Awaited<ReturnType<typeof signedInAccount>>;
  let yesterdayGgr = '';
  let bets: string[] = [];
  const yesterday = utcDay(-1);

  it('finance sees yesterday’s GGR chart and exports it', async () => {
    const { platform } = suite;
    const services = platform.platform.services;
    player = await signedInAccount(platform, { public_username: 'Zoe7' });
    await fundPlayer(platform, player.token, '200');
    for (let i = 0; i < 12; i += 1) {
      const bet = await trpc(
        platform,
        'mutation',
        'games.dice.bet',
        { amount: String(2 + i), currency: 'USD', target: 50.5, condition: 'over' },
        player.token,
      );
      expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    }
    const db = platform.platform.infra.db;
    bets = (
      await sql<{ id: string }>`select id::text from bets where user_id = ${player.user.id}`.execute(db)
    ).rows.map((row) => row.id);
    expect(bets).toHaveLength(12);
    // Yesterday's play: these bets, dated a day back (the ledger does not read a bet's time).
    await sql`update bets set created_at = created_at - interval '1 day', settled_at = settled_at - interval '1 day'
      where id in (${sql.join(bets)})`.execute(db);
    const { rows } = await sql<{ ggr: string }>`
      select sum(amount_e8 - payout_e8)::text as ggr from bets where id in (${sql.join(bets)})`.execute(db);
    yesterdayGgr = unitsOf(rows[0]!.ggr);
    await services.backOffice.reports.refreshRecent(new Date());

    const finance = await signedInAccount(platform);
    await services.auth.accounts.setRole(finance.account.username, 'finance');
    for (const [viewport, width] of [
      [WIDE, 1440],
      [MOBILE, 390],
    ] as const) {
      const page = await pageFor(finance.token, viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await visit(page, platform.url, '/admin');
      await page.getByRole('heading', { name: 'Reports' }).waitFor();
      const row = page.getByTestId(`summary-${yesterday}`);
      await poll(() => row.getByTestId('summary-ggr').innerText()).toBe(yesterdayGgr);
      const chart = page.locator('[data-testid="ggr-chart"] [role="img"]');
      await poll(() => chart.getAttribute('data-ready')).toBe('true');
      // The chart draws on a canvas: it is there, sized, and names what it shows.
      expect(await chart.getAttribute('aria-label')).toContain('GGR per day in USD');
      const box = await page.getByTestId('ggr-chart').boundingBox();
      expect(box!.width).toBeGreaterThan(width === 390 ? 250 : 600);
      expect(await page.getByTestId('ggr-chart').locator('canvas').count()).toBeGreaterThan(0);
      await page.getByTestId('ggr-chart').scrollIntoViewIfNeeded();
      await screenshot(page, `back-office-finance-reports-${width}`);
      // Deposits against withdrawals, and the players, each a chart of its own with a legend.
      for (const [testId, name] of [
        ['money-chart', 'Deposits and withdrawals per day in USD'],
        ['players-chart', 'Active, new and depositing players per day'],
      ] as const) {
        const figure = page.locator(`[data-testid="${testId}"] [role="img"]`);
        await poll(() => figure.getAttribute('data-ready')).toBe('true');
        expect(await figure.getAttribute('aria-label')).toContain(name);
        expect(await page.getByTestId(testId).locator('canvas').count()).toBeGreaterThan(0);
      }
      expect(await page.getByTestId('money-chart').innerText()).toMatch(/Deposits[\s\S]*Withdrawals/);
      await page.getByTestId('money-chart').scrollIntoViewIfNeeded();
      await screenshot(page, `back-office-finance-charts-${width}`);
      // The burn's USD spent has its column (zero here: no burn ran), equal to the CSV's burn_usd below.
      const burnUsd = await row.getByTestId('summary-burn-usd').innerText();
      // Finance decides withdrawals but has no staff or audit tools; it reads promotions and the providers' figures
      // without their controls.
      expect(await page.getByRole('heading', { name: 'Staff' }).count()).toBe(0);
      await page.getByRole('heading', { name: 'Promotions', exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Cost per day' }).waitFor();
      expect(await page.getByRole('button', { name: 'Pay finished races now' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'New race' }).count()).toBe(0);
      await page.getByRole('heading', { name: "Game providers' figures" }).waitFor();
      await page.getByRole('heading', { name: 'Transactions per day' }).waitFor();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV', exact: true }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^summary-USD-day-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await file.path())!, 'utf8');
      const line = csv.split('\r\n').find((text) => text.startsWith(`${yesterday},`));
      expect(line?.split(',').slice(0, 3)).toEqual([yesterday, 'USD', yesterdayGgr]);
      const header = csv.split('\r\n')[0]!.split(',');
      expect(line?.split(',')[header.indexOf('burn_usd')]).toBe(burnUsd);
      expect(errors).toEqual([]);
    }
  }, 300_000);

  it('support opens a player’s file and cannot approve a withdrawal', async () => {
    const { platform } = suite;
    const withdrawal = await trpc(
      platform,
      'mutation',
      'wallet.withdraw',
      {
        amount: '5',
        asset: 'USDT',
        network: 'ERC20',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        password: player.account.password,
      },
      player.token,
    );
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    const withdrawalId = withdrawal.body.result.data.id as string;
    const limit = await trpc(
      platform,
      'mutation',
      'account.setPlayLimit',
      { kind: 'loss', period: 'day', amount: '75' },
      player.token,
    );
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    const support = await signedInAccount(platform);
    await platform.platform.services.auth.accounts.setRole(support.account.username, 'support');

    for (const [viewport, width] of [
      [WIDE, 1440],
      [MOBILE, 390],
    ] as const) {
      const page = await pageFor(support.token, viewport);
      await visit(page, platform.url, '/admin');
      await page.getByRole('heading', { name: 'Players' }).waitFor();
      // Support has no withdrawal queue, reports or ledger tools.
      expect(await page.getByRole('heading', { name: 'Pending withdrawals' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Reports' }).count()).toBe(0);
      // Typed again until the form holds it: a fill that lands while the page is still starting up can be lost.
      const search = page.getByLabel('Id, login, display name, e-mail or deposit address');
      await poll(async () => {
        await search.fill(player.account.email.toUpperCase());
        return page.getByRole('button', { name: 'Search' }).isEnabled();
      }).toBe(true);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText('matched by e-mail').waitFor();
      await page.getByRole('button', { name: 'Open file' }).click();
      const file = page.getByTestId('player-file');
      await file.getByRole('heading', { name: 'Zoe7' }).waitFor();
      await poll(() => file.getByRole('heading', { name: /^Bets \(\d+\)$/ }).innerText()).toBe('Bets (12)');
      await poll(() => file.getByRole('heading', { name: /^Withdrawals/ }).innerText()).toBe('Withdrawals (1)');
      // Limits, the responsible-gaming history and the ledger are sections of the file too.
      expect(await file.getByRole('heading', { name: /^Limits/ }).innerText()).toBe('Limits (1)');
      expect(await file.getByRole('table', { name: 'Limits' }).innerText()).toContain('day loss');
      expect(await file.getByRole('heading', { name: /^Responsible-gaming history/ }).innerText()).not.toBe(
        'Responsible-gaming history (0)',
      );
      const ledger = file.getByRole('table', { name: 'Ledger' });
      expect(await ledger.innerText()).toContain('deposit');
      expect(await ledger.innerText()).toContain('withdrawal-reserve');
      expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      // Newest bet first, by number (12 before 9, not after it as text would sort).
      const firstBet = file.getByRole('table', { name: 'Bets' }).locator('tbody tr').first().locator('td').first();
      expect(Number(await firstBet.innerText())).toBe(Math.max(...bets.map(Number)));
      if (width === 1440) {
        await page.getByLabel('Add a note').fill('Called about the 5 USD withdrawal — asked for ID ✓');
        await page.getByRole('button', { name: 'Save note' }).click();
        await file.getByText('Called about the 5 USD withdrawal — asked for ID ✓').waitFor();
      }
      await file.getByRole('heading', { name: /^Bets/ }).scrollIntoViewIfNeeded();
      await screenshot(page, `back-office-support-file-${width}`);
      await file.getByRole('heading', { name: /^Ledger/ }).scrollIntoViewIfNeeded();
      await screenshot(page, `back-office-support-file-ledger-${width}`);
      // What an Approve button would send, from this page with this session: refused.
      const status = await page.evaluate(
        async ({ id, token }) =>
          (
            await fetch('/api/trpc/admin.withdrawals.approve', {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ id }),
            })
          ).status,
        { id: withdrawalId, token: support.token },
      );
      expect(status).toBe(403);
    }
    const [row] = await platform.platform.services.wallet.withdrawals
      .listForStaff({ limit: 10, status: 'PENDING' })
      .then((list) => list.items.filter((item) => item.id === withdrawalId));
    expect(row?.status).toBe('PENDING');
  }, 300_000);

  it('risk reviews a high-scoring withdrawal before finance can approve it', async () => {
    const { platform } = suite;
    const db = platform.platform.infra.db;
    // A new account that deposited and withdraws without playing, to an address it never used: 35 + 20 + 15. It
    // signs in from an address of its own (the other accounts here share the test's loopback address).
    const newcomer = await signedInAccount(platform, { public_username: 'Ansgar7' }, '10.77.0.1');
    await fundPlayer(platform, newcomer.token, '50');
    const withdrawal = await trpc(
      platform,
      'mutation',
      'wallet.withdraw',
      {
        amount: '5',
        asset: 'USDT',
        network: 'ERC20',
        address: '0xde709f2102306220921060314715629080e2fb77',
        password: newcomer.account.password,
      },
      newcomer.token,
    );
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    const id = withdrawal.body.result.data.id as string;
    const finance = await signedInAccount(platform);
    const risk = await signedInAccount(platform);
    await platform.platform.services.auth.accounts.setRole(finance.account.username, 'finance');
    await platform.platform.services.auth.accounts.setRole(risk.account.username, 'risk');

    // Finance sees the score and the checks, and an Approve it cannot use yet.
    const financePage = await pageFor(finance.token, WIDE);
    await visit(financePage, platform.url, '/admin');
    const financeRow = financePage.getByTestId(`withdrawal-${id}`);
    await poll(() => financeRow.getByTestId('risk-score').innerText()).toBe('RISK 70');
    await financeRow.getByText('needs risk review').waitFor();
    const flaggedChecks = await financeRow
      .locator('[data-flagged="true"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
    expect(flaggedChecks.sort()).toEqual(
      ['risk-check-new-address', 'risk-check-wagered-less-than-deposits', 'risk-check-young-account'].sort(),
    );
    expect(await financeRow.locator('[data-flagged="false"]').count()).toBe(3);
    expect(await financeRow.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    expect(await financeRow.getByRole('button', { name: 'Review' }).count()).toBe(0);
    await financeRow.scrollIntoViewIfNeeded();
    await screenshot(financePage, 'back-office-finance-risk-1440');

    // Risk reviews it on a phone: a Review button, no Approve.
    const riskPage = await pageFor(risk.token, MOBILE);
    await visit(riskPage, platform.url, '/admin');
    const riskRow = riskPage.getByTestId(`withdrawal-${id}`);
    await riskRow.getByTestId('risk-score').waitFor();
    expect(await riskRow.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await riskRow.getByRole('button', { name: 'Review' }).click();
    await riskPage.getByLabel('What you checked').fill('Spoke to Ansgar: first withdrawal, ID matches ✓');
    await riskPage.getByRole('button', { name: 'Clear for approval' }).click();
    await poll(() => riskRow.getByTestId('risk-reviewed').innerText()).toBe(`reviewed by ${risk.account.username}`);
    expect(await riskRow.getByText('needs risk review').count()).toBe(0);
    expect(await riskRow.getByRole('button', { name: 'Review' }).count()).toBe(0);
    await riskRow.scrollIntoViewIfNeeded();
    await screenshot(riskPage, 'back-office-risk-review-390');

    // Finance's page reads the review on its next look (a reload here) and approves.
    await financePage.reload();
    await poll(() => financeRow.getByRole('button', { name: 'Approve' }).isEnabled()).toBe(true);
    await financeRow.getByRole('button', { name: 'Approve' }).click();
    // It leaves the pending queue (whose rows carry the risk column) for the payout list.
    await poll(() => financeRow.getByTestId('withdrawal-risk').count()).toBe(0);
    const { rows } = await sql<{ status: string }>`select status from withdrawals where id = ${id}`.execute(db);
    expect(['APPROVED', 'SENDING', 'SENT']).toContain(rows[0]!.status);
    expect(await financePage.getByRole('alert').count()).toBe(0);
    const audit = await platform.platform.services.backOffice.audit.list({ targetId: id, limit: 10 });
    expect(audit.map((line) => [line.action, line.actorId])).toEqual([
      ['withdrawal.approve', finance.user.id],
      ['withdrawal.riskReview', risk.user.id],
    ]);
  }, 300_000);
});
