import { z } from 'zod';
import { dbId } from '../ids.js';

/** Shared with the client's chat input (spec section 5 and 9). */
export const CHAT_MAX_LENGTH = 200;
/** The counter turns red above this many characters (client only). */
export const CHAT_WARN_LENGTH = 150;
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 100;

export const announcementTypes = ['battle', 'primary', 'info'] as const;
export type AnnouncementType = (typeof announcementTypes)[number];

/** Combining marks kept after one base character (enough for Vietnamese, Thai and keycap emoji). */
export const CHAT_MAX_MARKS_PER_BASE = 2;

/**
 * Characters that render as nothing or reorder the text around them, removed from chat: zero-width
 * space and non-joiner (U+200B, U+200C), the direction marks (U+200E, U+200F), the bidi embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069), word joiner and invisible operators
 * (U+2060-U+2064) and the byte-order mark (U+FEFF). The zero-width joiner (U+200D) is kept only
 * inside an emoji sequence (a pictograph, skin tone or U+FE0F before it, a pictograph after it).
 */
const INVISIBLE =
  /[\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f])\u200d|\u200d(?!\p{Extended_Pictographic})/gu;

/**
 * The text as chat stores it: invisible and bidi-control characters removed, line breaks and other
 * control characters turned into spaces, runs of combining marks cut to CHAT_MAX_MARKS_PER_BASE (and
 * dropped where they have no base character), then trimmed. Length is counted like the client's
 * counter (UTF-16 code units, String.length).
 */
export function normalizeChatText(text: string): string {
  return (
    text
      .replace(INVISIBLE, '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .trim()
      .replace(/\p{M}+/gu, (run: string, offset: number) =>
        offset === 0 ? '' : [...run].slice(0, CHAT_MAX_MARKS_PER_BASE).join(''),
      )
      .trim()
  );
}

export const chatTextSchema = z
  .string({ error: 'Message is required' })
  .transform(normalizeChatText)
  .pipe(
    z
      .string()
      .min(1, 'Message cannot be empty')
      .max(CHAT_MAX_LENGTH, `Message must be at most ${CHAT_MAX_LENGTH} characters`),
  );

const messageId = dbId.bigintNumber('id', 'A message id is required');
const userId = dbId.integer('userId', 'A user id is required');
const reason = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(1, 'A reason is required')
  .max(200, 'Reason must be at most 200 characters');

export const sendInputSchema = z.object({
  message: chatTextSchema,
  /** Optional idempotency key: a retried send with the same key is stored once. */
  clientMessageId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'clientMessageId must be 1-64 letters, digits, _ or -')
    .optional(),
});
export type SendInput = z.infer<typeof sendInputSchema>;

/**
 * Without `after`: the newest `limit` messages older than `cursor` (or the newest overall).
 * With `after`: the oldest `limit` messages newer than `after` (polling; no gaps).
 * Either way the page is oldest first.
 */
export const listInputSchema = z
  .object({
    after: z.union([z.literal(0), dbId.bigintNumber('after')]).optional(),
    cursor: dbId.bigintNumber('cursor').nullish(),
    limit: z
      .number()
      .int()
      .min(1, 'limit must be from 1 to 100')
      .max(CHAT_PAGE_MAX, 'limit must be from 1 to 100')
      .default(CHAT_PAGE_DEFAULT),
  })
  .prefault({});
export type ListInput = z.infer<typeof listInputSchema>;

export const deleteInputSchema = z.object({ id: messageId, reason });
export const muteInputSchema = z.object({
  userId,
  minutes: z
    .number()
    .int()
    .min(1, 'minutes must be at least 1')
    .max(525_600, 'minutes must be at most 525600 (a year)'),
  reason,
});
export const unmuteInputSchema = z.object({ userId, reason });
export const slowModeInputSchema = z.object({
  seconds: z.number().int().min(0, 'seconds must be from 0 to 3600').max(3600, 'seconds must be from 0 to 3600'),
  reason,
});
export const createAnnouncementInputSchema = z.object({
  type: z.enum(announcementTypes, { error: 'type must be battle, primary or info' }),
  message: z.string().trim().min(1, 'Message cannot be empty').max(500, 'Message must be at most 500 characters'),
  /** Omitted: shown until an admin expires it. */
  expiresInMinutes: z.number().int().min(1).max(525_600).optional(),
});
export const expireAnnouncementInputSchema = z.object({ id: dbId.integer(), reason });
export const moderationLogInputSchema = z
  .object({
    limit: z.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_DEFAULT),
    cursor: dbId.bigintNumber('cursor').nullish(),
  })
  .prefault({});

export type MuteInput = z.infer<typeof muteInputSchema>;
export type SlowModeInput = z.infer<typeof slowModeInputSchema>;
export type CreateAnnouncementInput = z.infer<typeof createAnnouncementInputSchema>;
export type ModerationLogInput = z.infer<typeof moderationLogInputSchema>;
