import { describe, expect, it } from 'vitest';
import { MINES_GAME } from './mines/mines.game.js';
import { DICE_GAME } from './dice/dice.game.js';
import { checkRegistry, GAMES, ROUND_GAMES } from './registry.js';

describe('the game registry refuses what would break the routes or the database', () => {
  it('accepts the registered games', () => {
    expect(() => checkRegistry(GAMES)).not.toThrow();
  });

  it('refuses a slug twice, a slug the bets.game check would refuse, and an action named like a platform route', () => {
    expect(() => checkRegistry([DICE_GAME, MINES_GAME, DICE_GAME])).toThrow(/dice.*twice/);
    expect(() => checkRegistry([{ ...DICE_GAME, slug: 'Dice!' }])).toThrow(/Dice!/);
    expect(() => checkRegistry([{ ...DICE_GAME, slug: 'a'.repeat(33) }])).toThrow(/slug/);
    for (const name of ['start', 'cashout', 'active', 'bet', 'actions']) {
      expect(
        () => checkRegistry([{ ...MINES_GAME, actions: { ...MINES_GAME.actions, [name]: MINES_GAME.actions.reveal } }]),
        name,
      ).toThrow(new RegExp(`mines.*${name}`));
    }
  });
});

describe('each round game reads its own clock from the settings', () => {
  it('crash the ROUND_* ones, the wheel its window with the round tick, bingo its sale with a tick per ball', () => {
    const env = {
      ROUND_BETTING_MS: 1,
      ROUND_COOLDOWN_MS: 2,
      ROUND_TICK_MS: 3,
      WHEEL_BETTING_MS: 4,
      WHEEL_COOLDOWN_MS: 5,
      BINGO_SALE_MS: 6,
      BINGO_BALL_MS: 7,
      BINGO_COOLDOWN_MS: 8,
    };
    expect(Object.fromEntries(ROUND_GAMES.map((game) => [game.slug, game.timings(env)]))).toEqual({
      crash: { bettingMs: 1, cooldownMs: 2, tickMs: 3 },
      wheel: { bettingMs: 4, cooldownMs: 5, tickMs: 3 },
      bingo: { bettingMs: 6, cooldownMs: 8, tickMs: 7 },
    });
  });
});
