import { rankById } from '../economy/ranks.js';
import type { Role } from '../auth/auth.schemas.js';
import type { AnnouncementType } from './chat.schemas.js';

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
