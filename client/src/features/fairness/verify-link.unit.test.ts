import { describe, expect, it } from 'vitest';
// The shared modules learn the games from the registry when it loads (bets/game-directory.ts), as the app's entry does.
import '../games/registry';
import { verifyParamsFromSearch, verifySearchFromBet } from './verify-link';
import { parseVerifySearch, verifiedMultiplier } from './verify-search';

const fairness = { serverSeedHash: 'h', clientSeed: 'c', nonce: 7, serverSeed: 's' };

describe('verify link', () => {
  it('round-trips each game through the URL parameters', () => {
    const cases = [
      {
        game: 'dice',
        outcome: { roll: 1, target: 50.5, condition: 'over' },
        expected: { game: 'dice', target: 50.5, condition: 'over' },
      },
      { game: 'limbo', outcome: { result: 3, target: 2 }, expected: { game: 'limbo', target: 2 } },
      {
        game: 'plinko',
        outcome: { rows: 12, risk: 'high', path: [], bucket: 0 },
        expected: { game: 'plinko', rows: 12, risk: 'high' },
      },
      {
        game: 'keno',
        outcome: { risk: 'low', picks: [3, 9, 40], drawn: [], hits: 0 },
        expected: { game: 'keno', risk: 'low', picks: [3, 9, 40] },
      },
      { game: 'mines', outcome: { mines: 5, revealed: [] }, expected: { game: 'mines', mines: 5 } },
      {
        game: 'hilo',
        outcome: {
          cards: [
            { card: 3, multiplier: '1.0000' },
            { card: 9, guess: 'skip', multiplier: '1.0000' },
            { card: 20, guess: 'higherOrSame', multiplier: '1.1700' },
          ],
          multiplier: '1.1700',
        },
        expected: { game: 'hilo', actions: ['skip', 'higherOrSame', 'cashout'] },
      },
      {
        game: 'hilo',
        outcome: {
          cards: [
            { card: 3, multiplier: '1.0000' },
            { card: 0, guess: 'higherOrSame', multiplier: '0.0000' },
          ],
          multiplier: '0.0000',
        },
        expected: { game: 'hilo', actions: ['higherOrSame'] },
      },
      {
        game: 'baccarat',
        outcome: {
          playerCards: [],
          bankerCards: [],
          winner: 'tie',
          bets: { player: '1.5', banker: '0', tie: '0.00000001' },
        },
        expected: { game: 'baccarat', stakes: [150_000_000n, 0n, 1n] },
      },
    ];
    for (const c of cases) {
      const search = verifySearchFromBet({ game: c.game, outcome: c.outcome, fairness });
      expect(search).toMatchObject({ serverSeed: 's', clientSeed: 'c', nonce: '7', serverSeedHash: 'h' });
      // Through the router's validateSearch (strings and numbers are both accepted).
      expect(verifyParamsFromSearch(parseVerifySearch({ ...search }))).toEqual(c.expected);
    }
  });

  it('leaves the server seed out until it is revealed and drops unknown keys', () => {
    const search = verifySearchFromBet({
      game: 'limbo',
      outcome: { target: 2 },
      fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
    });
    expect(search.serverSeed).toBeUndefined();
    expect(parseVerifySearch({ game: 'poker', evil: 'x', nonce: 3 })).toEqual({ nonce: '3' });
    expect(verifyParamsFromSearch({})).toBe('Choose a game');
  });
});

describe('a capped round (issue 45)', () => {
  const bet = (outcome: Record<string, unknown>, multiplier: string) => ({
    game: 'hilo',
    outcome,
    multiplier,
    fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 3, serverSeed: 's' },
  });
  const cards = [
    { card: 0, multiplier: '1.0000' },
    { card: 20, guess: 'higher', multiplier: '1.0725' },
  ];

  it('the verifier shows the multiplier the capped round paid, with the replayed one beside it', () => {
    const capped = verifySearchFromBet(bet({ cards, multiplier: '3.2000', capped: true }, '1.5000'));
    expect(capped.capped).toBe('1.5000');
    const parsed = parseVerifySearch({ ...capped });
    expect(parsed.capped).toBe('1.5000');
    expect(verifiedMultiplier('3.2000', parsed)).toEqual({
      multiplier: '1.5000',
      note: 'This round reached the profit limit: it paid 1.5000x (the stake plus the limit); the replay reaches 3.2000x.',
    });
    const plain = verifySearchFromBet(bet({ cards, multiplier: '1.0725' }, '1.0725'));
    expect(plain.capped).toBeUndefined();
    expect(verifiedMultiplier('1.0725', plain)).toEqual({ multiplier: '1.0725', note: null });
    // Only a decimal is taken from the URL.
    expect(parseVerifySearch({ ...capped, capped: '<b>' }).capped).toBeUndefined();
  });
});
