import { describe, expect, it } from 'vitest';
import { CHAT_MAX_MARKS_PER_BASE, listInputSchema, normalizeChatText, sendInputSchema } from './chat.schemas.js';
import { RANKS } from '../economy/ranks.js';
import { toChatMessage, userColor } from './chat.views.js';

describe('chat text rules', () => {
  it('trims, turns control characters into spaces, and counts like String.length', () => {
    expect(sendInputSchema.parse({ message: '  hi\nthere\t ' }).message).toBe('hi there');
    expect(sendInputSchema.safeParse({ message: ' \n\t ' }).error?.issues[0]?.message).toBe('Message cannot be empty');
    expect(sendInputSchema.safeParse({ message: 'a'.repeat(201) }).error?.issues[0]?.message).toBe(
      'Message must be at most 200 characters',
    );
    expect(sendInputSchema.safeParse({}).error?.issues[0]?.message).toBe('Message is required');
    expect(sendInputSchema.parse({ message: `  ${'a'.repeat(200)}  ` }).message).toHaveLength(200);
    expect(sendInputSchema.parse({ message: '<b>bold</b>' }).message).toBe('<b>bold</b>');
  });

  it('removes zero-width and bidi-control characters; a message of only those is empty', () => {
    const invisible = [
      '\u200b',
      '\u200c',
      '\u200d',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
    ];
    invisible.push('\u2060', '\u2061', '\u2062', '\u2063', '\u2064', '\u2066', '\u2067', '\u2068', '\u2069', '\ufeff');
    for (const char of invisible) {
      expect(normalizeChatText(`a${char}b`), `U+${char.codePointAt(0)!.toString(16)}`).toBe('ab');
    }
    expect(sendInputSchema.safeParse({ message: ` ${invisible.join('')} ` }).error?.issues[0]?.message).toBe(
      'Message cannot be empty',
    );
    expect(normalizeChatText('gro\u202ekcol\u202c user')).toBe('grokcol user');
  });

  it('keeps the zero-width joiner inside emoji sequences only', () => {
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
    const rainbowFlag = '\u{1f3f3}\ufe0f\u200d\u{1f308}';
    const coder = '\u{1f469}\u{1f3fd}\u200d\u{1f4bb}';
    expect(normalizeChatText(`hi ${family} ${rainbowFlag} ${coder}`)).toBe(`hi ${family} ${rainbowFlag} ${coder}`);
    expect(normalizeChatText('a\u200db \u{1f600}\u200d')).toBe('ab \u{1f600}');
  });

  it(`cuts runs of combining marks to ${CHAT_MAX_MARKS_PER_BASE} per base character and drops marks with no base`, () => {
    expect(normalizeChatText(`Z${'\u0301\u0316\u0353'.repeat(20)}algo`)).toBe('Z\u0301\u0316algo');
    expect(normalizeChatText('Vie\u0323\u0302t')).toBe('Vie\u0323\u0302t');
    expect(normalizeChatText('1\ufe0f\u20e3')).toBe('1\ufe0f\u20e3');
    expect(normalizeChatText('\u0301\u0302\u0303 hi')).toBe('hi');
    expect(sendInputSchema.safeParse({ message: '\u0301\u0301\u0301' }).error?.issues[0]?.message).toBe(
      'Message cannot be empty',
    );
    // A zero-width character between marks does not hide a longer run.
    expect(normalizeChatText('e\u0301\u200b\u0301\u0301\u0301')).toBe('e\u0301\u0301');
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
    const message = toChatMessage({
      id: 3,
      userId: 9,
      message: 'hi',
      createdAt: created,
      username: 'Ann',
      role: 'moderator',
      accountCreatedAt: created,
      kind: 'user',
      rank: null,
    });
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
    const player = toChatMessage({
      id: 4,
      userId: 8,
      message: 'yo',
      createdAt: created,
      username: 'Bo',
      role: 'user',
      accountCreatedAt: created,
      kind: 'user',
      rank: 'bronze',
    });
    expect(player).toMatchObject({ rank: 'Bronze', userColor: '#cd7f32' });
  });
});
