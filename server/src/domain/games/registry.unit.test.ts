import { describe, expect, it } from 'vitest';
import { MINES_GAME } from './mines/mines.game.js';
import { DICE_GAME } from './dice/dice.game.js';
import { checkRegistry, GAMES } from './registry.js';

describe('the game registry refuses what would break the routes or the database', () => {
  it('accepts the registered games', () => {
    expect(() => checkRegistry(GAMES)).not.toThrow();
  });

  it('refuses a slug twice, a slug the bets.game check would refuse, and an action named like a platform route', () => {
    expect(() => checkRegistry([DICE_GAME, MINES_GAME, DICE_GAME])).toThrow(/dice.*twice/);
    expect(() => checkRegistry([{ ...DICE_GAME, slug: 'Dice!' }])).toThrow(/Dice!/);
    expect(() => checkRegistry([{ ...DICE_GAME, slug: 'a'.repeat(33) }])).toThrow(/slug/);
    for (const name of ['start', 'cashout', 'active', 'bet', 'actions']) {
      expect(() => checkRegistry([{ ...MINES_GAME, actions: { ...MINES_GAME.actions, [name]: MINES_GAME.actions.reveal } }]), name).toThrow(new RegExp(`mines.*${name}`));
    }
  });
});
