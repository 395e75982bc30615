import { describe, expect, it } from 'vitest';
import { listInputSchema, sendInputSchema } from './chat.schemas.js';
import { RANKS } from '../economy/ranks.js';
import { toChatMessage, userColor } from './chat.views.js';

describe('chat text rules', () => {
  it('trims, turns control characters into spaces, and counts like String.length', () => {
    expect(sendInputSchema.parse({ message: '  hi\nthere\t ' }).message).toBe('hi there');
    expect(sendInputSchema.safeParse({ message: ' \n\t ' }).error?.issues[0]?.message).toBe('Message cannot be empty');
    expect(sendInputSchema.safeParse({ message: 'a'.repeat(201) }).error?.issues[0]?.message).toBe('Message must be at most 200 characters');
    expect(sendInputSchema.safeParse({}).error?.issues[0]?.message).toBe('Message is required');
    expect(sendInputSchema.parse({ message: `  ${'a'.repeat(200)}  ` }).message).toHaveLength(200);
    expect(sendInputSchema.parse({ message: '<b>bold</b>' }).message).toBe('<b>bold</b>');
  });

  it('defaults the list page to 50 and caps it at 100', () => {
    expect(listInputSchema.parse(undefined)).toEqual({ limit: 50 });
    expect(listInputSchema.safeParse({ limit: 101 }).success).toBe(false);
  });
});

describe('chat colours', () => {
  const created = new Date('2026-01-01T00:00:00Z');
  it('is gold for staff and the VIP rank colour for everyone else (API.md)', () => {
    expect(userColor('admin', 'diamond')).toBe('gold');
    expect(userColor('moderator', null)).toBe('gold');
    expect(userColor('user', null)).toBe(RANKS[0]!.color);
    expect(userColor('user', 'bronze')).toBe('#cd7f32');
    expect(userColor('user', 'diamond')).toBe('#b68cff');
    expect(new Set(RANKS.map((rank) => rank.color)).size).toBe(RANKS.length);
    expect(RANKS.map((rank) => rank.color)).not.toContain('gold');
  });

  it('shapes the wire object with badges', () => {
    const message = toChatMessage({ id: 3, userId: 9, message: 'hi', createdAt: created, username: 'Ann', role: 'moderator', accountCreatedAt: created, kind: 'user', rank: null });
    expect(message).toEqual({
      id: 3,
      userId: 9,
      username: 'Ann',
      message: 'hi',
      userColor: 'gold',
      isAdmin: false,
      isModerator: true,
      createdAt: created.toISOString(),
      rank: 'Unranked',
      kind: 'user',
    });
    const player = toChatMessage({ id: 4, userId: 8, message: 'yo', createdAt: created, username: 'Bo', role: 'user', accountCreatedAt: created, kind: 'user', rank: 'bronze' });
    expect(player).toMatchObject({ rank: 'Bronze', userColor: '#cd7f32' });
  });
});
