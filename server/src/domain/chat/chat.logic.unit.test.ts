import { describe, expect, it } from 'vitest';
import { listInputSchema, sendInputSchema } from './chat.schemas.js';
import { chatRank, toChatMessage, userColor } from './chat.views.js';

const day = 86_400_000;

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
  it('is gold for staff and follows account age for everyone else', () => {
    expect(userColor('admin', created, created)).toBe('gold');
    expect(userColor('moderator', created, created)).toBe('gold');
    expect(userColor('user', created, new Date(created.getTime() + 6 * day))).toBe('silver');
    expect(userColor('user', created, new Date(created.getTime() + 7 * day))).toBe('lightskyblue');
    expect(chatRank(created, new Date(created.getTime() + 30 * day)).name).toBe('veteran');
    expect(chatRank(created, new Date(created.getTime() + 400 * day)).name).toBe('legend');
  });

  it('shapes the wire object with badges', () => {
    const message = toChatMessage({ id: 3, userId: 9, message: 'hi', createdAt: created, username: 'Ann', role: 'moderator', accountCreatedAt: created });
    expect(message).toEqual({
      id: 3,
      userId: 9,
      username: 'Ann',
      message: 'hi',
      userColor: 'gold',
      isAdmin: false,
      isModerator: true,
      createdAt: created.toISOString(),
    });
  });
});
