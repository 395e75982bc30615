import { describe, expect, it } from 'vitest';
import { FAST_HASHING, http, RELAXED_LIMITS } from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';
import { launchSession, newId, registerProvider, walletCall, type TestProvider } from '../support/providers.js';
import { fundedAccount, WALLET_TEST_ENV } from '../support/wallet.js';

/**
 * Issue 45, point 3: a studio's rounds are the player's bets too. GET /api/bets lists them beside the originals'
 * bets (`providerRounds`, paged by `providerCursor`) when no filter names an original's game or state, and the CSV
 * export has them as lines of their own, newest first with the rest.
 */
describe("provider rounds in the player's bets and CSV", () => {
  const suite = platformSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });

  async function providerRound(studio: TestProvider, sessionToken: string, stake: string, win: string) {
    const roundId = newId('round');
    const common = { sessionToken, currency: 'USD', roundId, gameId: studio.gameId };
    const bet = await walletCall(suite.platform, studio, 'bet', {
      ...common,
      requestId: newId('req'),
      transactionId: newId('tx'),
      amount: stake,
    });
    expect(bet.body.status, bet.text).toBe('OK');
    const paid = await walletCall(suite.platform, studio, 'win', {
      ...common,
      requestId: newId('req'),
      transactionId: newId('tx'),
      amount: win,
      roundClosed: true,
    });
    expect(paid.body.status, paid.text).toBe('OK');
    return roundId;
  }

  it('GET /api/bets pages provider rounds beside the bets, and the CSV holds both', async () => {
    const player = await fundedAccount(suite.platform, '10');
    const studio = await registerProvider(suite.platform);
    const { sessionToken } = await launchSession(suite.platform, studio, player.token);
    const dice = await http(
      suite.platform.url,
      'POST',
      '/api/games/dice/bets',
      { amount: 0.01, target: 50, condition: 'over' },
      { token: player.token },
    );
    expect(dice.status, JSON.stringify(dice.body)).toBe(201);
    const lost = await providerRound(studio, sessionToken, '0.02', '0');
    const won = await providerRound(studio, sessionToken, '0.02', '0.05');

    const first = await http(suite.platform.url, 'GET', '/api/bets?limit=1', undefined, { token: player.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.bets.map((bet: { id: string }) => bet.id)).toEqual([dice.body.id]);
    expect(first.body.providerRounds).toEqual([
      expect.objectContaining({
        roundId: won,
        providerId: studio.id,
        gameId: studio.gameId,
        gameName: 'Fruit Slot',
        currency: 'USD',
        stake: '0.02',
        win: '0.05',
        state: 'won',
      }),
    ]);
    const cursor = first.body.providerNextCursor as string;
    expect(cursor).toMatch(/^\d+$/);
    const second = await http(suite.platform.url, 'GET', `/api/bets?limit=1&providerCursor=${cursor}`, undefined, {
      token: player.token,
    });
    expect(second.body.providerRounds).toEqual([expect.objectContaining({ roundId: lost, win: '0', state: 'lost' })]);
    // A filter names an original's game or state: provider rounds are not part of that list.
    const filtered = await http(suite.platform.url, 'GET', '/api/bets?game=dice', undefined, { token: player.token });
    expect(filtered.body.providerRounds).toBeUndefined();
    const bad = await http(suite.platform.url, 'GET', '/api/bets?providerCursor=abc', undefined, {
      token: player.token,
    });
    expect(bad.status).toBe(400);

    const csv = await fetch(`${suite.platform.url}/api/bets/export.csv`, {
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    const games = lines.slice(1).map((line) => line.split(',')[2]);
    expect(games).toEqual([`${studio.id}/${studio.gameId}`, `${studio.id}/${studio.gameId}`, 'dice']);
    const wonLine = lines[1]!.split(',');
    // id, createdAt, game, currency, amount, multiplier, payout, profit, state
    expect(wonLine.slice(3, 9)).toEqual(['USD', '0.02', '2.5', '0.05', '0.03', 'won']);
    expect(lines[1]).toContain(won);
    expect(lines[2]!.split(',').slice(3, 9)).toEqual(['USD', '0.02', '0', '0', '-0.02', 'lost']);
    // Filtered to an original, the export has that game's bets only.
    const diceOnly = await fetch(`${suite.platform.url}/api/bets/export.csv?game=dice`, {
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect((await diceOnly.text()).trim().split('\r\n')).toHaveLength(2);
  });
});
