import { rankById } from '../economy/ranks.js';
import type { Role } from '../auth/auth.schemas.js';
import { z } from 'zod';
import { announcementTypes, type AnnouncementType } from './chat.schemas.js';

/** ChatMessage as the API documents describe it (OpenAPI `ChatMessage`, the socket's chat frames). */
export const chatMessageSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    username: z.string(),
    message: z.string(),
    userColor: z.string(),
    isAdmin: z.boolean(),
    isModerator: z.boolean(),
    createdAt: z.string(),
    rank: z.string(),
    kind: z.enum(['user', 'tip', 'rain', 'raffle']),
  })
  .meta({ id: 'ChatMessage' });

export const chatAnnouncementSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(announcementTypes),
    message: z.string(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'ChatAnnouncement' });

/** A message on every wire (tRPC, REST, socket, subscription). Text is plain text, never HTML. */
export interface ChatMessage {
  id: number;
  userId: number;
  /** The sender's display name. */
  username: string;
  message: string;
  userColor: string;
  isAdmin: boolean;
  isModerator: boolean;
  createdAt: string;
  /** The sender's VIP rank label when the message was sent ("Bronze"), shown as a badge beside players' names. */
  rank: string;
  /** 'user' for what a player typed; 'tip', 'rain' and 'raffle' for lines the platform writes (shown system-style). */
  kind: ChatMessageKind;
}

export type ChatMessageKind = 'user' | 'tip' | 'rain' | 'raffle';

export interface ChatAnnouncement {
  id: number;
  type: AnnouncementType;
  message: string;
  createdAt: string;
  expiresAt: string | null;
}

export interface ChatMessageRecord {
  id: number;
  userId: number;
  message: string;
  createdAt: Date;
  username: string;
  role: Role;
  accountCreatedAt: Date;
  kind: ChatMessageKind;
  /** The sender's VIP rank when the message was sent (null: written before ranks existed). */
  rank: string | null;
}

export const STAFF_COLOR = 'gold';

/**
 * API.md: `userColor` is gold for admins and moderators, otherwise the colour of the sender's VIP
 * rank (economy/ranks.ts). The rank is stored on the message when it is sent, so a stored message
 * always renders in the same colour (cacheable pages).
 */
export function userColor(role: Role, rank: string | null): string {
  return role === 'admin' || role === 'moderator' ? STAFF_COLOR : rankById(rank).color;
}

export function toChatMessage(record: ChatMessageRecord): ChatMessage {
  return {
    id: record.id,
    userId: record.userId,
    username: record.username,
    message: record.message,
    userColor: userColor(record.role, record.rank),
    isAdmin: record.role === 'admin',
    isModerator: record.role === 'moderator',
    createdAt: record.createdAt.toISOString(),
    rank: rankById(record.rank).label,
    kind: record.kind,
  };
}
