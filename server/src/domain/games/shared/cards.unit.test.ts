import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardFromFloat, cardLabel, isCard, isRed, rankName, suitOf } from './cards.js';
import { floatsFromSeeds } from './floats.js';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

describe('cards (FAIRNESS.md "Cards")', () => {
  it('reads the deck rank-major, suits diamonds, hearts, spades, clubs', () => {
    expect([0, 1, 2, 3, 4, 47, 48, 51].map(cardLabel)).toEqual(['♦2', '♥2', '♠2', '♣2', '♦3', '♣K', '♦A', '♣A']);
    expect(rankName(36)).toBe('J');
    expect(suitOf(38)).toBe('spades');
    expect([isRed(1), isRed(2)]).toEqual([true, false]);
  });

  it('maps a float to floor(f * 52), 0 and just under 1 at the ends', () => {
    expect(cardFromFloat(0)).toBe(0);
    expect(cardFromFloat(1 - 2 ** -32)).toBe(51);
    expect(cardFromFloat(0.5)).toBe(26);
  });

  it('reproduces the third-party vector (lucasholder/fair): server seed, client seed, nonce 1', () => {
    const floats = floatsFromSeeds(hmac, { serverSeed: 'server seed', clientSeed: 'client seed', nonce: 1 }, 8);
    expect(floats.map((f) => cardLabel(cardFromFloat(f)))).toEqual(['♠J', '♥10', '♥5', '♣K', '♥9', '♥K', '♠10', '♥10']);
  });

  it('accepts only the integers 0-51 as cards', () => {
    expect([0, 51].every(isCard)).toBe(true);
    expect([-1, 52, 1.5, '3', null].some(isCard)).toBe(false);
  });
});
