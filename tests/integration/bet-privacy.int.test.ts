import { describe, expect, it } from 'vitest';
import { FAST_HASHING, http, RELAXED_LIMITS } from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';
import { fundedAccount, trpc, WALLET_TEST_ENV } from '../support/wallet.js';

/**
 * Issue 45, point 11: anyone may open a bet (GET /api/bets/:id, bets.byId: what /bets/<id> and the Trollbox's /bet
 * card show), with no private data; a player who chose privacy in settings is "Hidden" there.
 */
describe('a bet anyone can open, and the privacy setting', () => {
  const suite = platformSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });

  it('shows the player until they hide their bets, then "Hidden" with no user id; never the login or email', async () => {
    const player = await fundedAccount(suite.platform, '5');
    const placed = await http(
      suite.platform.url,
      'POST',
      '/api/games/dice/bets',
      { amount: 0.01, target: 50, condition: 'over' },
      { token: player.token },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.id as string;
    const publicBet = () => http(suite.platform.url, 'GET', `/api/bets/${id}`);

    const shown = await publicBet();
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id, game: 'dice', username: player.user.publicUsername, amount: 0.01 });
    const text = JSON.stringify(shown.body);
    expect(text).not.toContain(player.account.email);
    expect(text).not.toContain(`"${player.account.username}"`);

    const privacy = (token?: string) => trpc(suite.platform, 'query', 'bets.privacy', undefined, token);
    expect((await privacy(player.token)).body.result.data).toEqual({ hidden: false });
    const set = await trpc(suite.platform, 'mutation', 'bets.setPrivacy', { hidden: true }, player.token);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await privacy(player.token)).body.result.data).toEqual({ hidden: true });

    const hidden = await publicBet();
    expect(hidden.body).toMatchObject({ id, username: 'Hidden', userId: '' });
    const viaTrpc = await trpc(suite.platform, 'query', 'bets.byId', { id });
    expect(viaTrpc.body.result.data).toMatchObject({ username: 'Hidden', userId: '' });
    expect(JSON.stringify(viaTrpc.body)).not.toContain(player.user.publicUsername);

    await trpc(suite.platform, 'mutation', 'bets.setPrivacy', { hidden: false }, player.token);
    expect((await publicBet()).body.username).toBe(player.user.publicUsername);
  });

  it('refuses a guest and bad input, and changes nothing', async () => {
    const player = await fundedAccount(suite.platform, '1');
    expect((await trpc(suite.platform, 'mutation', 'bets.setPrivacy', { hidden: true })).status).toBe(401);
    for (const input of [{ hidden: 'yes' }, {}]) {
      expect((await trpc(suite.platform, 'mutation', 'bets.setPrivacy', input, player.token)).status).toBe(400);
    }
    expect((await trpc(suite.platform, 'query', 'bets.privacy', undefined, player.token)).body.result.data).toEqual({
      hidden: false,
    });
    expect((await http(suite.platform.url, 'GET', '/api/bets/99999999999')).status).toBe(404);
  });
});
