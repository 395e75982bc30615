import { describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';
import { launchSession, newId, registerProvider, walletCall } from '../support/providers.js';
import { fundedAccount, trpc, WALLET_TEST_ENV } from '../support/wallet.js';

/** Issue #24 point 15: favourites follow the account (lobby.favourites / setFavourite); recently played comes from the player's bets. */
describe('lobby: favourite and recently played games', () => {
  const suite = platformSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });
  const call = (kind: 'query' | 'mutation', path: string, input: unknown, token?: string) =>
    trpc(suite.platform, kind, path, input, token);
  const data = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };

  it('needs a session: a guest gets 401', async () => {
    expect((await call('query', 'lobby.favourites', undefined)).status).toBe(401);
    expect((await call('mutation', 'lobby.setFavourite', { game: 'dice', favourite: true })).status).toBe(401);
    expect((await call('query', 'lobby.recentlyPlayed', undefined)).status).toBe(401);
  });

  it('stars and unstars idempotently, newest star first, per player', async () => {
    const alice = await signedInAccount(suite.platform);
    const bob = await signedInAccount(suite.platform);
    expect(data(await call('query', 'lobby.favourites', undefined, alice.token))).toEqual([]);
    expect(data(await call('mutation', 'lobby.setFavourite', { game: 'dice', favourite: true }, alice.token))).toEqual([
      'dice',
    ]);
    expect(data(await call('mutation', 'lobby.setFavourite', { game: 'dice', favourite: true }, alice.token))).toEqual([
      'dice',
    ]);
    expect(data(await call('mutation', 'lobby.setFavourite', { game: 'mines', favourite: true }, alice.token))).toEqual(
      ['mines', 'dice'],
    );
    expect(data(await call('query', 'lobby.favourites', undefined, alice.token))).toEqual(['mines', 'dice']);
    // Another player's list is their own.
    expect(data(await call('query', 'lobby.favourites', undefined, bob.token))).toEqual([]);
    expect(data(await call('mutation', 'lobby.setFavourite', { game: 'dice', favourite: false }, alice.token))).toEqual(
      ['mines'],
    );
    expect(data(await call('mutation', 'lobby.setFavourite', { game: 'dice', favourite: false }, alice.token))).toEqual(
      ['mines'],
    );
  });

  it('refuses a game that does not exist or a malformed slug with 400 and changes nothing', async () => {
    const carol = await signedInAccount(suite.platform);
    data(await call('mutation', 'lobby.setFavourite', { game: 'limbo', favourite: true }, carol.token));
    for (const input of [
      { game: 'no-such-game', favourite: true },
      { game: 'Dice!', favourite: true },
      { game: '', favourite: true },
      { game: 'dice' },
      { game: 'keno', favourite: 'yes' },
    ]) {
      const answer = await call('mutation', 'lobby.setFavourite', input, carol.token);
      expect(answer.status, JSON.stringify(input)).toBe(400);
      expect(typeof answer.body.error.message).toBe('string');
    }
    expect(
      (await call('mutation', 'lobby.setFavourite', { game: 'no-such-game', favourite: true }, carol.token)).body.error
        .data.domainCode,
    ).toBe('UNKNOWN_GAME');
    expect(data(await call('query', 'lobby.favourites', undefined, carol.token))).toEqual(['limbo']);
  });

  it("recently played lists the distinct games of the player's own bets, most recent first", async () => {
    const dave = await fundedAccount(suite.platform, '10');
    expect(data(await call('query', 'lobby.recentlyPlayed', undefined, dave.token))).toEqual([]);
    const bet = async (game: string, input: object) =>
      data(await call('mutation', `games.${game}.bet`, { amount: '0.01', currency: 'USD', ...input }, dave.token));
    await bet('dice', { target: 50.5, condition: 'over' });
    await bet('limbo', { target: 2 });
    await bet('dice', { target: 50.5, condition: 'over' });
    expect(data(await call('query', 'lobby.recentlyPlayed', undefined, dave.token))).toEqual(['dice', 'limbo']);
    await bet('limbo', { target: 2 });
    expect(data(await call('query', 'lobby.recentlyPlayed', undefined, dave.token))).toEqual(['limbo', 'dice']);
    // Someone else's bets are not in it.
    const erin = await signedInAccount(suite.platform);
    expect(data(await call('query', 'lobby.recentlyPlayed', undefined, erin.token))).toEqual([]);
  });

  it('recently played lists provider games too, as "provider/game", in the order they were last played', async () => {
    const frank = await fundedAccount(suite.platform, '10');
    const studio = await registerProvider(suite.platform);
    const { sessionToken } = await launchSession(suite.platform, studio, frank.token);
    const providerBet = async () => {
      const answer = await walletCall(suite.platform, studio, 'bet', {
        requestId: newId('req'),
        sessionToken,
        currency: 'USD',
        transactionId: newId('tx'),
        roundId: newId('round'),
        gameId: studio.gameId,
        amount: '0.01',
      });
      expect(answer.body.status, answer.text).toBe('OK');
    };
    const diceBet = async () =>
      data(
        await call(
          'mutation',
          'games.dice.bet',
          { amount: '0.01', currency: 'USD', target: 50.5, condition: 'over' },
          frank.token,
        ),
      );
    await diceBet();
    await providerBet();
    const key = `${studio.id}/${studio.gameId}`;
    expect(data(await call('query', 'lobby.recentlyPlayed', undefined, frank.token))).toEqual([key, 'dice']);
    await diceBet();
    expect(data(await call('query', 'lobby.recentlyPlayed', undefined, frank.token))).toEqual(['dice', key]);
  });
});
